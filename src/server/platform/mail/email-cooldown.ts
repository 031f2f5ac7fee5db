import { EMAIL_COOLDOWN_SECONDS } from "../../../shared/constants.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import type { MailMessage, Mailer } from "./mailer.js";

/**
 * Sends an account email unless the same kind went to the same address in the
 * last 60 seconds. A skipped email is not an error: the caller's answer must
 * not reveal whether an address exists or was just mailed.
 */
export function emailWithCooldown(mailer: Mailer, limiter: RateLimiter) {
  return async (kind: string, message: MailMessage): Promise<boolean> => {
    const key = `email:${kind}:${message.to.toLowerCase()}`;
    const { allowed } = await limiter.hit(key, 1, EMAIL_COOLDOWN_SECONDS);
    if (allowed) await mailer.send(message);
    return allowed;
  };
}
export type SendAccountEmail = ReturnType<typeof emailWithCooldown>;
