import type { Kysely } from "kysely";
import webpush from "web-push";
import { keepFirstSetting } from "../db/settings-repository.js";
import type { DB } from "../db/schema.js";
import { OutboundRefused, type OutboundClient } from "../net/outbound-client.js";

/** Where and how to encrypt for one device: a browser's PushSubscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service said: delivered; `gone` (404/410, the subscription
 * ended, or its endpoint is no longer one Kindly may reach: forget it); or
 * `failed` (anything else, the service or the network is down: keep it, the
 * next notice tries again).
 */
export type PushOutcome = "sent" | "gone" | "failed";

export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Whether a browser's subscription names a push service Kindly may post to (push-endpoints.ts). */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number; topic?: string }): Promise<PushOutcome>;
}

/** A push service that does not answer in this long is counted as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the
 * device (RFC 8291, aes128gcm), by the `web-push` library. The VAPID key pair
 * is made once and shared by every process through app_settings; an
 * operator may set it (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) to keep
 * subscriptions across databases. The request itself goes out through the
 * outbound client (no private address, no redirect, a deadline), after the
 * endpoint is checked again: the operator's list may have changed since the
 * browser subscribed.
 */
export async function createPushSender(
  db: Kysely<DB>,
  options: {
    subject: string;
    publicKey?: string;
    privateKey?: string;
    outbound: OutboundClient;
    mayPushTo: (endpoint: string) => boolean;
  },
): Promise<PushSender> {
  const keys =
    options.publicKey && options.privateKey
      ? { publicKey: options.publicKey, privateKey: options.privateKey }
      : (JSON.parse(await keepFirstSetting(db, "vapid_keys", JSON.stringify(webpush.generateVAPIDKeys()))) as webpush.VapidKeys);
  return {
    publicKey: keys.publicKey,
    accepts: options.mayPushTo,
    async send(target, payload, { ttlSeconds = 24 * 3600, topic } = {}) {
      if (!options.mayPushTo(target.endpoint)) return "gone";
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
        const response = await options.outbound.request(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
          body: request.body ? new Uint8Array(request.body) : null,
          timeoutMs: PUSH_TIMEOUT_MS,
          maxBytes: 64 * 1024,
        });
        if (response.status === 404 || response.status === 410) return "gone";
        return response.status >= 200 && response.status < 300 ? "sent" : "failed";
      } catch (error) {
        // The name now resolves somewhere Kindly does not go: the subscription is of no use.
        return error instanceof OutboundRefused ? "gone" : "failed";
      }
    },
  };
}
