import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { buildUsers } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

/**
 * A local server speaking Nominatim's protocol (jsonv2 search and reverse),
 * so the provider's real HTTP exchange runs without the internet. It records
 * what it was asked and can be switched off.
 */
const asked: URL[] = [];
const headers: IncomingMessage["headers"][] = [];
let down = false;
const provider = createServer((request, response) => {
  const url = new URL(request.url!, "http://fake");
  asked.push(url);
  headers.push(request.headers);
  if (down) {
    response.writeHead(503).end("overloaded");
    return;
  }
  response.writeHead(200, { "content-type": "application/json" });
  if (url.pathname === "/search") {
    response.end(
      JSON.stringify([
        {
          place_id: 101,
          lat: "45.5048",
          lon: "-73.5772",
          name: "McGill University",
          display_name: "McGill University, 845, Rue Sherbrooke Ouest, Montréal, Québec, H3A 0G4, Canada",
          address: {
            road: "Rue Sherbrooke Ouest",
            house_number: "845",
            city: "Montréal",
            state: "Québec",
            postcode: "H3A 0G4",
            country: "Canada",
          },
        },
      ]),
    );
  } else {
    response.end(
      JSON.stringify({
        place_id: 202,
        lat: url.searchParams.get("lat"),
        lon: url.searchParams.get("lon"),
        display_name: "350, 5th Avenue, New York, NY 10118, United States",
        address: {
          house_number: "350",
          road: "5th Avenue",
          city: "New York",
          state: "New York",
          postcode: "10118",
          country: "United States",
        },
      }),
    );
  }
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

describe.each(testDrivers())("address search through a Nominatim-compatible provider on %s", (driver) => {
  const suite = useTestServer(driver, { env: { GEOCODING_URL: providerUrl } });

  it("parses suggestions, caches them, reverse-geocodes a dropped pin, and says so when the provider is down", async () => {
    const [user] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const client = new TestClient(suite.server.url, { cookie: user!.cookie, "x-kindly-language": "fr" });
    expect((await new TestClient(suite.server.url).get("/api/geocoding/search?q=mcgill")).status).toBe(401);
    expect((await client.get("/api/geocoding/search?q=m")).status).toBe(400);

    const query = `McGill ${driver}`;
    const first = await client.get(`/api/geocoding/search?q=${encodeURIComponent(query)}`);
    expect(first.body.suggestions).toEqual([
      expect.objectContaining({
        mainText: "McGill University",
        city: "Montréal",
        province: "Québec",
        postalCode: "H3A 0G4",
        country: "Canada",
        lat: 45.5048,
      }),
    ]);
    const calls = asked.length;
    expect(asked.at(-1)!.searchParams.get("format")).toBe("jsonv2");
    expect(headers.at(-1)!["user-agent"]).toMatch(/^Kindly \(/);
    expect(headers.at(-1)!["accept-language"]).toMatch(/^fr/);
    // The same words again (other spacing and case): answered from the cache.
    expect((await client.get(`/api/geocoding/search?q=${encodeURIComponent(`  ${query.toUpperCase()} `)}`)).body).toEqual(first.body);
    expect(asked.length).toBe(calls);

    const reverse = (await client.get(`/api/geocoding/reverse?lat=40.748441&lon=-73.985664`)).body;
    expect(reverse.address).toMatchObject({ city: "New York", postalCode: "10118", mainText: "350 5th Avenue" });

    down = true;
    try {
      const failed = await client.get(`/api/geocoding/search?q=${encodeURIComponent(`${query} other`)}`);
      expect(failed.status).toBe(503);
      expect(failed.body.error).toMatchObject({ code: "geocoding_unavailable", message: expect.stringContaining("placer l’épingle") });
    } finally {
      down = false;
    }
  });
});
