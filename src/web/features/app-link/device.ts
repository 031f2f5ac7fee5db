export type Device = "android" | "ios" | "desktop";

/** Which kind of device a browser runs on, as the handoff pages need it. */
export function detectDevice(userAgent: string, maxTouchPoints = 0): Device {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  // iPadOS presents itself as a Mac; its touch screen gives it away.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  return "desktop";
}
