import type { FastifyRequest } from "fastify";

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * True only when the TCP peer is this machine and no proxy forwarded the
 * request. The peer address of the socket is used, never `request.ip`, which
 * TRUST_PROXY lets a client choose; and a proxy on this machine would make every
 * visitor look local, so any forwarding header disqualifies the request.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.raw.socket.remoteAddress);
}
