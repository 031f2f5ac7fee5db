import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody, ErrorCode } from "../../shared/errors.js";
import { isValidationKey, translate } from "../../shared/i18n/translate.js";
import { isDatabaseUnavailable, isDiskFull } from "../platform/db/errors.js";
import { AppError } from "../kernel/app-error.js";
import { requestLanguage } from "../kernel/request-language.js";

/** The one place where failures become `{ error: { code, message } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
      const key = issue?.message && isValidationKey(issue.message) ? issue.message : undefined;
      return sendAppError(request, reply, new AppError("invalid_input", { field, messageKey: key }));
    }

    // Faults outside the process are temporary: said as such, with when to try again.
    if (isDiskFull(error)) return sendAppError(request, reply, new AppError("storage_full", { retryAfterSeconds: 60 }));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { type: error.name, message: error.message, code: error.code } }, "database unavailable");
      return sendAppError(request, reply, new AppError("database_unavailable", { retryAfterSeconds: 5 }));
    }

    const status = error.statusCode ?? 500;
    if (status === 413) return sendAppError(request, reply, new AppError("payload_too_large"));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return sendAppError(request, reply, new AppError("invalid_input"));
    }
    // Anything else is ours: log what locates the fault, tell the client nothing
    // about it. Only these fields are logged: database errors carry the query
    // and its parameters (a user id, a position) in their other properties.
    request.log.error({ err: { type: error.name, message: error.message, code: error.code, stack: error.stack } }, "unhandled error");
    return sendAppError(request, reply, new AppError("internal_error"));
  });
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const language = requestLanguage(request);
  const { field, messageKey, vars, retryAfterSeconds, details } = error.options;
  let message = translate(language, `apiErrors.${error.code}`, vars);
  // A schema failure's words are generic ("Please fill in this field"), so they
  // name the field; an error of its own code already says what went wrong.
  const namesField = field && error.code === "invalid_input";
  if (messageKey) {
    const detail = translate(language, messageKey, vars);
    message = namesField ? `${field}: ${detail}` : detail;
  } else if (namesField) {
    message = `${message} (${field})`;
  }
  const body: ApiErrorBody = {
    error: {
      code: error.code as ErrorCode,
      message,
      ...(field ? { field } : {}),
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
      ...(details ? { details } : {}),
    },
  };
  if (retryAfterSeconds) reply.header("retry-after", String(retryAfterSeconds));
  // Sent as text: a route's own schema for this status (readiness' 503) describes its answers, not errors.
  return reply.status(error.status).type("application/json; charset=utf-8").send(JSON.stringify(body));
}
