import type { FastifyReply } from "fastify";
import type { ErrorCode } from "../../../shared/errors.js";
import { AppError } from "../../kernel/app-error.js";

// better-auth's codes, mapped onto Kindly's stable codes (and the form field they concern).
const CODE_MAP: Record<string, { code: ErrorCode; field?: string }> = {
  USER_ALREADY_EXISTS: { code: "email_taken", field: "email" },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: "email_taken", field: "email" },
  // Only a sign-up creates a user through better-auth, its fields validated and its username checked first:
  // its insert fails on the address's unique index, or because a racing sign-up replaced the account it was
  // making (a never-confirmed account gives way, auth-routes.ts). A database that is away fails earlier reads.
  FAILED_TO_CREATE_USER: { code: "email_taken", field: "email" },
  INVALID_EMAIL_OR_PASSWORD: { code: "invalid_credentials" },
  EMAIL_NOT_VERIFIED: { code: "email_not_verified" },
  ACCOUNT_SUSPENDED: { code: "account_suspended" },
  ACCOUNT_DELETED: { code: "account_deleted" },
  INVALID_TOKEN: { code: "invalid_token" },
  TOKEN_EXPIRED: { code: "invalid_token" },
  INVALID_PASSWORD: { code: "wrong_current_password", field: "currentPassword" },
  // An account without a password of its own has no current password to give.
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: "wrong_current_password", field: "currentPassword" },
  PASSWORD_TOO_SHORT: { code: "invalid_input", field: "password" },
  PASSWORD_TOO_LONG: { code: "invalid_input", field: "password" },
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
  if (mapped) return new AppError(mapped.code, mapped.field ? { field: mapped.field } : {});
  if (status === 401) return new AppError("not_authenticated");
  if (status === 403) return new AppError("forbidden");
  if (status === 429) return new AppError("rate_limited");
  if (status === 400 || status === 422) return new AppError("invalid_input");
  return new AppError("internal_error");
}
