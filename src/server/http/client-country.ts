import type { FastifyRequest } from "fastify";
import type { Config } from "../config.js";

/**
 * The client's country as the trusted proxy names it (CLIENT_COUNTRY_HEADER),
 * ISO 3166 alpha-2; null without a trusted proxy (the client could set the
 * header itself), without the header, or for the codes proxies use for
 * "unknown" and "Tor" (XX, T1).
 */
export function clientCountry(request: FastifyRequest, config: Pick<Config, "CLIENT_COUNTRY_HEADER" | "TRUST_PROXY">): string | null {
  if (!config.CLIENT_COUNTRY_HEADER || config.TRUST_PROXY === false) return null;
  const value = request.headers[config.CLIENT_COUNTRY_HEADER];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== "XX" ? code : null;
}
