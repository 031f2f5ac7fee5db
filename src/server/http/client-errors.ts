import type { Socket } from "node:net";
import type { ErrorCode } from "../../shared/errors.js";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages.js";
import { translate } from "../../shared/i18n/translate.js";

const REFUSALS: Record<string, { status: number; reason: string; code: ErrorCode }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: "Request Header Fields Too Large", code: "headers_too_large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: "Request Timeout", code: "request_timeout" },
};
const MALFORMED = { status: 400, reason: "Bad Request", code: "invalid_input" as ErrorCode };

/**
 * A request Node refused before Fastify saw it (headers too long, too slow to
 * arrive, not HTTP) is answered in Kindly's error shape like every other
 * error, in the default language since no header could be read, and the
 * connection is closed (Fastify's own answer has another shape).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, reason, code } = REFUSALS[error.code ?? ""] ?? MALFORMED;
  const body = JSON.stringify({ error: { code, message: translate(DEFAULT_LANGUAGE, `apiErrors.${code}`) } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
