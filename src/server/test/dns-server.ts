import type { AddressInfo } from "node:net";
import dns2 from "dns2";

/**
 * A DNS server on this machine speaking the real protocol over UDP (dns2),
 * for tests that point Kindly's resolver at it (DNS_SERVERS): names mapped
 * onto any address (a private one, to prove Kindly refuses it), TXT records
 * an employer would publish, and names whose answer changes between queries
 * (DNS rebinding). A name it does not know answers NXDOMAIN.
 */
export interface TestDnsServer {
  /** host:port, as DNS_SERVERS takes it. */
  address: string;
  /** The addresses a name answers (A and AAAA by their form); a function answers anew per query. */
  setAddresses(name: string, addresses: string[] | (() => string[])): void;
  setTxt(name: string, records: string[]): void;
  /** Queries received for a name, by type ("A", "AAAA", "TXT"). */
  queries(name: string): string[];
  close(): Promise<void>;
}

/** dns2's types want a Resource instance; the server encodes plain records of these fields (as its README shows). */
const record_ = (fields: Record<string, unknown>) => fields as unknown as dns2.Packet.Resource;

const TYPE_NAMES: Record<number, string> = { 1: "A", 28: "AAAA", 16: "TXT" };

/** `wantedPort` 0: any free one (a test that sets DNS_SERVERS after); a fixed one for a server started before (the journeys'). */
export async function startDnsServer(wantedPort = 0): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const addresses = new Map<string, string[] | (() => string[])>();
  const txt = new Map<string, string[]>();
  const seen: { name: string; type: string }[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, "");
        const type = TYPE_NAMES[question.type] ?? String(question.type);
        seen.push({ name, type });
        const mapped = addresses.get(name);
        const known = mapped !== undefined || txt.has(name);
        if (!known) response.header.rcode = 3; // NXDOMAIN
        if (type === "TXT") {
          for (const record of txt.get(name) ?? []) {
            response.answers.push(record_({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data: record }));
          }
          continue;
        }
        const answer = typeof mapped === "function" ? mapped() : (mapped ?? []);
        for (const address of answer) {
          const isV6 = address.includes(":");
          if ((type === "A" && isV6) || (type === "AAAA" && !isV6)) continue;
          response.answers.push(
            record_({ name: question.name, type: isV6 ? Packet.TYPE.AAAA : Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 0, address }),
          );
        }
      }
      send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.on("listening", () => resolve()));
  await server.listen({ udp: { port: wantedPort, address: "127.0.0.1" } });
  await listening;
  const { port } = (server.addresses() as { udp: AddressInfo }).udp;
  return {
    address: `127.0.0.1:${port}`,
    setAddresses: (name, answer) => void addresses.set(name.toLowerCase(), answer),
    setTxt: (name, records) => void txt.set(name.toLowerCase(), records),
    queries: (name) => seen.filter((query) => query.name === name.toLowerCase()).map((query) => query.type),
    close: () => server.close(),
  };
}
