import ipaddr from "ipaddr.js";

/*
 * Which addresses a request Kindly makes for someone else (a push endpoint a
 * browser gave, an identity provider an employer named) may reach. Only
 * global unicast: never this machine, a private or carrier-grade NAT network,
 * link-local (where cloud metadata services answer), multicast, NAT64 or
 * 6to4 prefixes that embed an IPv4 address, or IPv4-mapped IPv6 — the ranges
 * Mastodon's PrivateAddressCheck and Discourse's SSRF detector refuse. An
 * operator may open chosen ranges (OUTBOUND_ALLOW: an identity provider on
 * the intranet, a push service run for tests).
 */

export type AllowedRanges = readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

/** "127.0.0.1/32, 10.0.0.0/8" (or its entries) → ranges; throws on a malformed entry (config.ts refuses those first). */
export function parseAllowedRanges(list: string | readonly string[] | undefined): AllowedRanges {
  return (typeof list === "string" ? list.split(",") : (list ?? []))
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => ipaddr.parseCIDR(entry.includes("/") ? entry : `${entry}/${entry.includes(":") ? 128 : 32}`));
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: AllowedRanges): boolean {
  return ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}

/** The address's range name when Kindly must not connect to it ("loopback", "private", "rfc6052"…), null when it may. */
export function refusedRange(address: string, allowed: AllowedRanges = []): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  const parsed = ipaddr.parse(address);
  if (inRanges(parsed, allowed)) return null;
  // An IPv4-mapped address reaches its IPv4 peer: an allowed range written in IPv4 applies to it too.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    if (inRanges((parsed as ipaddr.IPv6).toIPv4Address(), allowed)) return null;
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

/** Whether a URL's host is an IP literal (brackets removed for IPv6). */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}
