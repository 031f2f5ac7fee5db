import { isIP } from "node:net";

const LOCAL_HOSTS = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** Addresses no push service on the internet has: this machine, private networks, link-local. */
function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare) === 4) {
    const [a, b] = bare.split(".").map(Number) as [number, number];
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (isIP(bare) === 6) return /^(::1?|f[cd]|fe[89ab])/i.test(bare) || bare.toLowerCase().startsWith("::ffff:");
  return LOCAL_HOSTS.test(host);
}

/** Local push services are allowed when the operator says so, or by default when Kindly itself runs at a local address. */
export function localPushAllowed(config: { APP_URL: string; PUSH_LOCAL_SERVICES?: boolean }): boolean {
  return config.PUSH_LOCAL_SERVICES ?? LOCAL_HOSTS.test(new URL(config.APP_URL).hostname);
}

/**
 * Whether Kindly may post to a subscription's endpoint. A browser's push
 * service is an https address on the internet; anything else would let a
 * visitor make the server call into its own network. Where local services
 * are allowed (development, tests, a closed network), a push service on this
 * machine or a private network may also be reached, over http.
 */
export function mayPushTo(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (allowLocal && isPrivateAddress(url.hostname)) return true;
  return url.protocol === "https:" && !isPrivateAddress(url.hostname);
}
