/*
 * Kindly's notifications, imported into the service worker (vite.config.ts,
 * workbox.importScripts). A push carries JSON { title, body, url, tag }
 * (src/shared/schemas/notifications.ts, PushPayload); it is shown as a
 * notification, and a tap opens its page in a Kindly window already open,
 * or a new one.
 */
self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: "/icon-192.png",
      badge: "/icon-maskable-192.png",
      actions: Array.isArray(notice.actions) ? notice.actions.filter((a) => a && a.action === "snooze").slice(0, 2) : [],
      data: { url: typeof notice.url === "string" && notice.url.startsWith("/") ? notice.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  if (event.action === "snooze") {
    event.waitUntil(fetch("/api/me/notifications/reminder/snooze", { method: "POST", credentials: "same-origin" }).catch(() => undefined));
    return;
  }
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ("navigate" in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser renewed the subscription: hand the new one to Kindly (signed-in cookies go along).
self.addEventListener("pushsubscriptionchange", (event) => {
  const renewed = event.newSubscription;
  if (!renewed) return;
  event.waitUntil(
    fetch("/api/me/push-subscriptions", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(renewed.toJSON()),
    }).catch(() => undefined),
  );
});
