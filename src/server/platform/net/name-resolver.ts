import { promises as dns } from "node:dns";

/**
 * Names looked up for Kindly's own checks: the addresses a host resolves to
 * before Kindly connects there, and the TXT records that prove an employer
 * owns an email domain. The system's resolver by default (getaddrinfo, so
 * /etc/hosts counts); DNS_SERVERS points both at chosen servers instead (a
 * company resolver, or the DNS server a test runs).
 */
export interface NameResolver {
  /** Every address the name resolves to, IPv4 and IPv6; [] when it has none. */
  addresses(hostname: string): Promise<string[]>;
  /** The name's TXT records, each joined from its character-strings; [] when it has none. */
  txt(name: string): Promise<string[]>;
}

/** The name does not exist or has no records of the kind asked: an answer, not a failure. */
const NO_ANSWER = new Set(["ENOTFOUND", "ENODATA", "ENONAME", "NXDOMAIN"]);
const answered = <T>(error: unknown, empty: T): T => {
  if (NO_ANSWER.has((error as { code?: string }).code ?? "")) return empty;
  throw error;
};

export function createNameResolver(servers: readonly string[] = []): NameResolver {
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    async addresses(hostname) {
      if (servers.length === 0) {
        const found = await dns.lookup(hostname, { all: true, verbatim: true }).catch((error: unknown) => answered(error, []));
        return found.map((entry) => entry.address);
      }
      const [v4, v6] = await Promise.all([
        resolver.resolve4(hostname).catch((error: unknown) => answered(error, [] as string[])),
        resolver.resolve6(hostname).catch((error: unknown) => answered(error, [] as string[])),
      ]);
      return [...v4, ...v6];
    },
    async txt(name) {
      const records = await resolver.resolveTxt(name).catch((error: unknown) => answered(error, [] as string[][]));
      return records.map((chunks) => chunks.join(""));
    },
  };
}
