import { ipLiteral, refusedRange, type AllowedRanges } from "../net/address-ranges.js";

/*
 * Where Web Push may go (issue 58 §4). A browser's subscription names its
 * push service, and a visitor can hand Kindly any URL as one: so an endpoint
 * is accepted only at the push services browsers use, over https on port
 * 443, as Campfire does. The operator may add services (PUSH_SERVICES); a
 * push service at an address the operator opened (OUTBOUND_ALLOW, a test's
 * or a closed network's) may be reached at any port, over http too. The
 * address the name resolves to is checked again on every send by the
 * outbound client.
 */
export const KNOWN_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

export function createPushEndpointPolicy(options: { services: readonly string[]; allowed: AllowedRanges }) {
  const services = [...KNOWN_PUSH_SERVICES, ...options.services];
  return function mayPushTo(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    const literal = ipLiteral(url.hostname);
    if (literal && options.allowed.length > 0 && refusedRange(literal, options.allowed) === null && refusedRange(literal) !== null) {
      return url.protocol === "https:" || url.protocol === "http:";
    }
    // A trailing dot names the same host ("localhost."): compare without it, and never let it slip past a pattern.
    const host = url.hostname.toLowerCase();
    if (host.endsWith(".")) return false;
    return url.protocol === "https:" && url.port === "" && services.some((pattern) => hostMatches(host, pattern));
  };
}
