/** @vitest-environment happy-dom */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import en from "../../shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../../shared/i18n/messages/fr/app.json" with { type: "json" };
import { ApiError } from "./api.js";
import { showApiError } from "./api-errors.js";
import { initI18nWith } from "./i18n.js";

type Form = { username: string; email: string };

/** What showApiError did: the form fields it set and the toasts it raised. */
function observe(run: (setError: (name: string, error: { message: string }) => void) => void) {
  const fields: Record<string, string> = {};
  const toasts: string[] = [];
  const spy = vi.spyOn(toast, "error").mockImplementation((message) => {
    toasts.push(String(message));
    return 0;
  });
  run((name, error) => void (fields[name] = error.message));
  spy.mockRestore();
  return { fields, toasts };
}

describe("showing a failed API call", () => {
  beforeAll(() => initI18nWith("en", { en, fr }));

  it("puts the server's words on the field it named", () => {
    const taken = new ApiError(409, "username_taken", "That username is taken", "username");
    const seen = observe((setError) => showApiError<Form>(taken, { form: { setError: setError as never, fields: ["username", "email"] } }));
    expect(seen).toEqual({ fields: { username: "That username is taken" }, toasts: [] });
  });

  it("toasts the server's words when the field is not on the form, or a fallback when given", () => {
    const elsewhere = new ApiError(409, "email_taken", "That address is taken", "email");
    expect(
      observe((setError) => showApiError<Form>(elsewhere, { form: { setError: setError as never, fields: ["username"] } })).toasts,
    ).toEqual(["That address is taken"]);
    expect(observe(() => showApiError(new ApiError(500, "internal_error", "Oops"), { fallback: "Could not save" })).toasts).toEqual([
      "Could not save",
    ]);
    expect(observe(() => showApiError(new TypeError("boom"))).toasts).toEqual([en.errors.unexpected]);
  });

  it("says how long to wait after a rate limit, using the server's Retry-After", () => {
    const waits: number[] = [];
    const limited = new ApiError(429, "rate_limited", "Too many requests", undefined, 42);
    const seen = observe(() => showApiError(limited, { onRateLimited: (seconds) => waits.push(seconds) }));
    expect(waits).toEqual([42]);
    expect(seen.toasts).toEqual([en.errors.tryAgainIn.replace("{{seconds}}", "42")]);
    const signUp = observe(() => showApiError(limited, { rateLimitedMessage: "auth.tooManyRequests" }));
    expect(signUp.toasts).toEqual([en.auth.tooManyRequests.replace("{{seconds}}", "42")]);
  });
});
