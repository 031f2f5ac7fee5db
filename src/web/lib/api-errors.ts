import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import type en from "../../shared/i18n/messages/en/app.json";
import { ApiError, errorMessage } from "./api.js";
import { i18n } from "./i18n.js";

type MessageKey<Group extends keyof typeof en> = `${Group & string}.${keyof (typeof en)[Group] & string}`;

export interface ShowApiErrorOptions<F extends FieldValues> {
  /** A form whose fields may carry the error: the server's `field`, when it is one of `fields`. */
  form?: { setError: UseFormSetError<F>; fields: readonly Path<F>[] };
  /** Shown instead of the server's words when the call failed for any reason but a rate limit or a field. */
  fallback?: string;
  /** Shown for a rate limit, with {{seconds}} to wait (default: errors.tryAgainIn). */
  rateLimitedMessage?: MessageKey<"auth"> | MessageKey<"errors">;
  /** Told how long the server asked to wait, to disable a button meanwhile. */
  onRateLimited?: (seconds: number) => void;
}

/** When the server gives no Retry-After, wait a minute. */
const DEFAULT_WAIT_SECONDS = 60;

/**
 * The one way a failed API call reaches the person: on the form field the
 * server named (as a message key, like every field error), else as a toast;
 * a rate limit says how long to wait, using the server's Retry-After.
 */
export function showApiError<F extends FieldValues>(error: unknown, options: ShowApiErrorOptions<F> = {}): void {
  const { form, fallback, rateLimitedMessage = "errors.tryAgainIn", onRateLimited } = options;
  if (error instanceof ApiError && error.code === "rate_limited") {
    const seconds = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS;
    onRateLimited?.(seconds);
    toast.error(i18n.t(rateLimitedMessage as never, { seconds }));
    return;
  }
  if (error instanceof ApiError && error.field && form?.fields.includes(error.field as Path<F>)) {
    // The server's words, already in the person's language (useFieldError shows them as they are).
    form.setError(error.field as Path<F>, { type: "server", message: error.message });
    return;
  }
  toast.error(fallback ?? errorMessage(error));
}
