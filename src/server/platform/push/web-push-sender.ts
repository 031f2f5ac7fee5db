import type { Kysely } from "kysely";
import webpush from "web-push";
import { keepFirstSetting } from "../db/settings-repository.js";
import type { DB } from "../db/schema.js";

/** Where and how to encrypt for one device: a browser's PushSubscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service said: delivered; `gone` (404/410, the subscription
 * ended: forget it); or `failed` (anything else, the service or the network
 * is down: keep it, the next notice tries again).
 */
export type PushOutcome = "sent" | "gone" | "failed";

export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number; topic?: string }): Promise<PushOutcome>;
}

/** A push service that does not answer in this long is counted as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the
 * device (RFC 8291, aes128gcm), by the `web-push` library. The VAPID key pair
 * is made once and shared by every process through app_settings; an
 * operator may set it (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) to keep
 * subscriptions across databases. The request itself goes out with fetch:
 * web-push only speaks https, and a push service run locally for tests
 * (or on a private network) may be plain http.
 */
export async function createPushSender(
  db: Kysely<DB>,
  options: { subject: string; publicKey?: string; privateKey?: string },
): Promise<PushSender> {
  const keys =
    options.publicKey && options.privateKey
      ? { publicKey: options.publicKey, privateKey: options.privateKey }
      : (JSON.parse(await keepFirstSetting(db, "vapid_keys", JSON.stringify(webpush.generateVAPIDKeys()))) as webpush.VapidKeys);
  return {
    publicKey: keys.publicKey,
    async send(target, payload, { ttlSeconds = 24 * 3600, topic } = {}) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          contentEncoding: "aes128gcm",
          TTL: ttlSeconds,
          ...(topic ? { topic } : {}),
        },
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: "error",
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return "gone";
        return response.ok ? "sent" : "failed";
      } catch {
        return "failed";
      }
    },
  };
}
