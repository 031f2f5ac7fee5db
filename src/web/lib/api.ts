import type { ApiErrorBody, ErrorCode } from "../../shared/errors.js";
import { currentLanguage, i18n } from "./i18n.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
    /** Figures the refusal carries (a place's distance and radius). */
    readonly details?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/**
 * The one way the web app calls the API: JSON in and out (or a multipart
 * form in, for a file), the session cookie, the current language, and
 * failures as ApiError with the server's stable code and its already
 * translated message.
 */
export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** The request goes on if the page is left meanwhile (a scan: the tap that records it is the last thing some people do). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "x-kindly-language": currentLanguage(),
        // A FormData body sets its own multipart content type, boundary included.
        ...(init.body !== undefined && !(init.body instanceof FormData) ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body instanceof FormData ? init.body : init.body !== undefined ? JSON.stringify(init.body) : undefined,
      keepalive: init.keepalive,
    });
  } catch {
    throw new ApiError(0, "network", i18n.t("errors.network"));
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "internal_error",
      error?.message ?? i18n.t("errors.unexpected"),
      error?.field,
      error?.retryAfterSeconds,
      error?.details,
    );
  }
  return body as T;
}

/**
 * A field error's words as they go under the field: the server puts the
 * field's name in front ("body: …") for clients that show one message only.
 */
export function fieldErrorText(error: ApiError): string {
  const prefix = `${error.field}: `;
  return error.field && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/** The message to show for any failure, in the current language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t("errors.unexpected");
}

/**
 * Whether trying the same request again later may succeed: no answer came
 * (offline, a dropped connection), or Kindly or the proxy in front of it
 * said it is unavailable for a moment (a restart, a database that is away).
 */
export function isTemporaryFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === "network" || error.status === 502 || error.status === 503 || error.status === 504);
}
