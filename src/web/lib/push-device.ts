import { api } from "./api.js";

/**
 * This device and Web Push: whether it can receive notifications, and
 * subscribing it (the browser asks the person first) or not. The
 * subscription lives in the browser; Kindly keeps its address and keys
 * to encrypt each notice for it.
 */
export type PushDeviceState = "unsupported" | "blocked" | "off" | "on";

const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration, or null when none took charge (development, or it failed to install). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const waited = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, waited]);
}

/**
 * Whether asking this device for notifications could work now: the browser
 * has Web Push, the person has not blocked Kindly, and Kindly's service worker
 * is installed (the installed app and a site opened before have it).
 */
export async function pushCanBeAsked(): Promise<boolean> {
  if (!pushSupported() || Notification.permission === "denied") return false;
  return (await navigator.serviceWorker.getRegistration()) !== undefined;
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const worker = await registration();
  if (!worker) return "unsupported";
  return (await worker.pushManager.getSubscription()) ? "on" : "off";
}

/** A VAPID key as PushManager wants it: bytes, from unpadded base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Asks the browser (which asks the person), subscribes, and hands the subscription to Kindly. */
export async function turnPushOn(): Promise<PushDeviceState> {
  if (!pushSupported()) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return "blocked";
  const worker = await registration();
  if (!worker) return "unsupported";
  const { publicKey } = await api<{ publicKey: string }>("/push/key");
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api("/me/push-subscriptions", { method: "POST", body: subscription.toJSON() });
  return "on";
}

export async function turnPushOff(): Promise<PushDeviceState> {
  const worker = pushSupported() ? await registration() : null;
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await api("/me/push-subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}
