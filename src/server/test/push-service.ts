import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error http_ece ships no types; decrypt(buffer, params) is all this uses.
import ece from "http_ece";

/**
 * A push service run on this machine, speaking what Chrome's and Firefox's
 * speak (RFC 8030) to the server that sends: it takes a POST to a device's
 * endpoint, checks the VAPID authorization (RFC 8292: an ES256 JWT whose
 * audience is this service's origin, signed by the key it names), and
 * decrypts the payload with the device's private key and auth secret
 * (RFC 8291, aes128gcm) exactly as the browser would. A device can be told to
 * answer 410 Gone, as a push service does for an expired subscription.
 */

export interface ReceivedPush {
  device: string;
  /** The decrypted payload, parsed (Kindly sends JSON). */
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  vapidPublicKey: string;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  status: number;
}

export interface PushService {
  url: string;
  /** A new device's PushSubscription.toJSON(), as a browser hands it to a page. */
  subscribe(device: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** What this device's endpoint answers from now on (201 by default; 410 once its subscription has expired). */
  answer(device: string, status: number): void;
  received(device?: string): ReceivedPush[];
  /** Resolves with the first push to `device` matching `test`; rejects after `timeoutMs`. */
  waitFor(device: string, test?: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  /** Requests refused (bad signature, wrong audience, undecryptable payload), with the reason. */
  refused: string[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** Checks `Authorization: vapid t=<jwt>, k=<public key>` and returns the key. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no VAPID authorization");
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split(".") as [string, string, string];
  if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error("expired JWT");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error("no contact in sub");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("bad VAPID signature");
  return key;
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  let origin = "";

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent(request.url?.replace(/^\/push\//, "") ?? "");
      const device = devices.get(name);
      if (request.method !== "POST" || !device) {
        response.writeHead(404).end();
        return;
      }
      if (device.status !== 201) {
        response.writeHead(device.status).end();
        return;
      }
      try {
        const vapidPublicKey = checkVapid(request.headers.authorization, origin);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl)) throw new Error("no TTL");
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: device.ecdh,
          authSecret: device.auth,
        }) as Buffer;
        received.push({ device: name, payload: JSON.parse(plain.toString("utf8")), ttl, vapidPublicKey });
        for (const wake of waiters) wake();
        response.writeHead(201, { location: `${origin}/messages/${received.length}` }).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    refused,
    subscribe(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answer(name, status) {
      devices.get(name)!.status = status;
    },
    received: (name) => received.filter((push) => name === undefined || push.device === name),
    waitFor(name, test = () => true, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find((push) => push.device === name && test(push));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no push to ${name} within ${timeoutMs} ms (refused: ${refused.join("; ") || "none"})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
