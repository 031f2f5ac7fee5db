import { describe, expect, it } from "vitest";
import { parseAllowedRanges } from "../net/address-ranges.js";
import { createPushEndpointPolicy } from "./push-endpoints.js";

describe("where Web Push may go (issue 58 §4)", () => {
  const byDefault = createPushEndpointPolicy({ services: [], allowed: [] });

  it("takes the browsers' push services, over https on port 443 only", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGuQyavXut",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ]) {
      expect([endpoint, byDefault(endpoint)]).toEqual([endpoint, true]);
    }
  });

  it("refuses everything else a visitor could hand over", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com./fcm/send/abc",
      "https://evil.example/fcm.googleapis.com",
      "https://fcm.googleapis.com.evil.example/x",
      "https://push.apple.com.evil.example/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://localhost./push",
      "https://localhost/push",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://100.64.0.1/push",
      "https://[64:ff9b::7f00:1]/push",
      "https://10.0.0.5/push/1",
      "https://169.254.169.254/latest",
      "http://127.0.0.1:9999/push/1",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect([endpoint, byDefault(endpoint)]).toEqual([endpoint, false]);
    }
  });

  it("widens only as far as the operator says: more services, or a push service at an opened address", () => {
    const widened = createPushEndpointPolicy({
      services: ["*.push.example.org", "push.internal.example"],
      allowed: parseAllowedRanges("127.0.0.1"),
    });
    expect(widened("https://eu.push.example.org/abc")).toBe(true);
    expect(widened("https://push.example.org/abc")).toBe(false);
    expect(widened("https://push.internal.example/abc")).toBe(true);
    expect(widened("http://127.0.0.1:9999/push/1")).toBe(true);
    expect(widened("http://127.0.0.2:9999/push/1")).toBe(false);
    expect(widened("http://[::1]:9999/push/1")).toBe(false);
  });
});
