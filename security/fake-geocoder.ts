import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking Nominatim's protocol (jsonv2 search and reverse),
 * so the address search reaches its real HTTP exchange without the internet:
 * otherwise every geocoding call would end in "provider unavailable" (503),
 * hiding what the tools are after.
 */
export async function startFakeGeocoder(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify(
        url.pathname === "/search"
          ? []
          : {
              place_id: 1,
              lat: url.searchParams.get("lat"),
              lon: url.searchParams.get("lon"),
              display_name: "1001 Rue Sherbrooke Ouest, Montréal, Québec, H3A 1G5, Canada",
              address: {
                house_number: "1001",
                road: "Rue Sherbrooke Ouest",
                city: "Montréal",
                state: "Québec",
                postcode: "H3A 1G5",
                country: "Canada",
              },
            },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
