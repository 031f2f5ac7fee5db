import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../test/dns-server.js";
import { parseAllowedRanges, refusedRange } from "./address-ranges.js";
import { createNameResolver } from "./name-resolver.js";
import { createOutboundClient, OutboundFailed, OutboundRefused } from "./outbound-client.js";

/** A web server on an address of this machine, counting the connections it receives. */
async function countingServer(host: string, port = 0): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((request, response) => {
    if (request.url === "/redirect") response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    else if (request.url === "/big") response.end("x".repeat(200_000));
    else response.end(`hello from ${host}`);
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

describe("the one road out to addresses someone else chose (issue 58 §4)", () => {
  let dns: TestDnsServer;
  let local: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    dns = await startDnsServer();
    local = await countingServer("127.0.0.1");
  });
  afterAll(async () => {
    await dns?.close();
    await new Promise((resolve) => local?.server.close(resolve));
  });

  it("names each range it refuses, and lets global unicast through", () => {
    const refused = {
      "127.0.0.1": "loopback",
      "10.1.2.3": "private",
      "172.16.0.1": "private",
      "192.168.1.1": "private",
      "169.254.169.254": "linkLocal",
      "100.64.0.1": "carrierGradeNat",
      "0.0.0.0": "unspecified",
      "224.0.0.1": "multicast",
      "::1": "loopback",
      "fd00:ec2::254": "uniqueLocal",
      "fe80::1": "linkLocal",
      "64:ff9b::7f00:1": "rfc6052",
      "::ffff:127.0.0.1": "ipv4Mapped",
      "2002:7f00:1::1": "6to4",
      "ff02::1": "multicast",
    };
    for (const [address, range] of Object.entries(refused)) expect([address, refusedRange(address)]).toEqual([address, range]);
    expect(refusedRange("8.8.8.8")).toBeNull();
    expect(refusedRange("2606:4700:4700::1111")).toBeNull();
    // An operator's opening applies to the range it names, in either spelling of the address.
    const allowed = parseAllowedRanges("127.0.0.1, 10.0.0.0/8");
    expect(refusedRange("127.0.0.1", allowed)).toBeNull();
    expect(refusedRange("::ffff:127.0.0.1", allowed)).toBeNull();
    expect(refusedRange("10.200.0.1", allowed)).toBeNull();
    expect(refusedRange("127.0.0.2", allowed)).toBe("loopback");
    expect(() => parseAllowedRanges("10.0.0.0/40")).toThrow();
  });

  it("refuses, before any connection, every name that resolves to an inside address — and any one of several", async () => {
    const client = createOutboundClient({ resolver: createNameResolver([dns.address]), allowed: [] });
    const names: Record<string, string[]> = {
      "loopback.test": ["127.0.0.1"],
      "metadata.google.internal": ["169.254.169.254"],
      "cgnat.test": ["100.64.0.1"],
      "nat64.test": ["64:ff9b::7f00:1"],
      "mapped.test": ["::ffff:127.0.0.1"],
      "private.test": ["10.0.0.5"],
      "one-of-two.test": ["8.8.8.8", "127.0.0.1"],
    };
    for (const [name, addresses] of Object.entries(names)) dns.setAddresses(name, addresses);
    const before = local.connections();
    for (const name of Object.keys(names)) {
      const attempt = client.request(`http://${name}:${local.port}/`, { timeoutMs: 5000 });
      await expect(attempt, name).rejects.toBeInstanceOf(OutboundRefused);
    }
    for (const literal of ["127.0.0.1", "[::1]", "[64:ff9b::7f00:1]", "100.64.0.1", "0x7f.1"]) {
      await expect(client.request(`http://${literal}:${local.port}/`), literal).rejects.toBeInstanceOf(OutboundRefused);
    }
    // "localhost." and unknown names: nothing to connect to that may be reached.
    await expect(client.request(`https://localhost./`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(client.request(`https://nowhere.test/`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(local.connections()).toBe(before);
    // The names were really asked of the DNS server: the refusal followed the answer.
    expect(dns.queries("metadata.google.internal")).toContain("A");
  });

  it("connects to the address it checked: a name answering another address on the next query reaches nothing new (DNS rebinding)", async () => {
    // Two servers on one port: 127.0.0.2 is opened by the operator, 127.0.0.1 is not.
    const opened = await countingServer("127.0.0.2");
    const inside = await countingServer("127.0.0.1", opened.port);
    try {
      let asked = 0;
      dns.setAddresses("rebind.test", () => (asked++ === 0 ? ["127.0.0.2"] : ["127.0.0.1"]));
      const client = createOutboundClient({ resolver: createNameResolver([dns.address]), allowed: parseAllowedRanges("127.0.0.2") });
      const answer = await client.request(`http://rebind.test:${opened.port}/`);
      expect(answer.body.toString()).toBe("hello from 127.0.0.2");
      expect(inside.connections()).toBe(0);
      // The next request resolves again, gets 127.0.0.1, and is refused without connecting.
      await expect(client.request(`http://rebind.test:${opened.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(inside.connections()).toBe(0);
    } finally {
      await new Promise((resolve) => opened.server.close(resolve));
      await new Promise((resolve) => inside.server.close(resolve));
    }
  });

  it("follows no redirect, cuts off an answer over its cap, and refuses other schemes and credentials", async () => {
    const client = createOutboundClient({ resolver: createNameResolver([dns.address]), allowed: parseAllowedRanges("127.0.0.1") });
    const redirect = await client.request(`http://127.0.0.1:${local.port}/redirect`);
    expect(redirect.status).toBe(302);
    await expect(client.request(`http://127.0.0.1:${local.port}/big`, { maxBytes: 100_000 })).rejects.toBeInstanceOf(OutboundFailed);
    expect((await client.request(`http://127.0.0.1:${local.port}/big`)).body.length).toBe(200_000);
    await expect(client.request("file:///etc/passwd")).rejects.toBeInstanceOf(OutboundRefused);
    await expect(client.request(`http://user:pw@127.0.0.1:${local.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    const viaFetch = await client.fetch(`http://127.0.0.1:${local.port}/`, { method: "GET" });
    expect(await viaFetch.text()).toBe("hello from 127.0.0.1");
  });
});
