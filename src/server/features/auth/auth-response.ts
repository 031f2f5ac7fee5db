import type { FastifyReply } from "fastify";
import type { ErrorCode } from "../../../shared/errors.js";
import { AppError } from "../../http/app-error.js";

// better-auth's codes, mapped onto Kindly's stable codes.
const CODE_MAP: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: "email_taken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email_taken",
  INVALID_EMAIL_OR_PASSWORD: "invalid_credentials",
  EMAIL_NOT_VERIFIED: "email_not_verified",
  INVALID_TOKEN: "invalid_token",
  TOKEN_EXPIRED: "invalid_token",
  INVALID_PASSWORD: "wrong_current_password",
  PASSWORD_TOO_SHORT: "invalid_input",
  PASSWORD_TOO_LONG: "invalid_input",
};

/**
 * Runs a better-auth call made with `asResponse: true`, passes its cookies on
 * to the reply, and turns its failures into AppErrors.
 */
export async function relayAuthResponse<T = unknown>(reply: FastifyReply, call: Promise<Response>): Promise<T> {
  const response = await call;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) throw authError(response.status, body);
  return body as T;
}

function authError(status: number, body: Record<string, unknown>): AppError {
  const mapped = typeof body.code === "string" ? CODE_MAP[body.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (status === 401) return new AppError("not_authenticated");
  if (status === 403) return new AppError("forbidden");
  if (status === 429) return new AppError("rate_limited");
  if (status === 400 || status === 422) return new AppError("invalid_input");
  return new AppError("internal_error");
}
