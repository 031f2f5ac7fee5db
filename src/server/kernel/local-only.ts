import type { FastifyRequest } from "fastify";

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * True only when the TCP peer is this machine, the app is not behind a proxy
 * and no proxy forwarded the request. The peer address of the socket is used,
 * never `request.ip`, which TRUST_PROXY lets a client choose. Behind a proxy
 * (TRUST_PROXY set) nothing is local: a proxy on this machine makes every
 * visitor's connection come from loopback, and may forward with headers of
 * its own or none at all. Without one, a forwarding header still
 * disqualifies the request (a proxy the operator forgot to declare).
 */
export function isFromThisMachine(request: FastifyRequest, behindProxy: boolean): boolean {
  if (behindProxy) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.raw.socket.remoteAddress);
}
