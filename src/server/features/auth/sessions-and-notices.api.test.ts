import { describe, expect, it } from "vitest";
import { describeDevice } from "../../../shared/device.js";
import { outboxFor, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const EDGE_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

describe("devices as people name them", () => {
  it("tells the browser and the system, Edge and Chrome apart", () => {
    expect(describeDevice(FIREFOX_LINUX)).toEqual({ browser: "Firefox", system: "Linux" });
    expect(describeDevice(CHROME_ANDROID)).toEqual({ browser: "Chrome", system: "Android" });
    expect(describeDevice(EDGE_WINDOWS)).toEqual({ browser: "Edge", system: "Windows" });
    expect(describeDevice(undefined)).toEqual({ browser: null, system: null });
  });
});

describe.each(testDrivers())("signed-in devices and security notices on %s", (driver) => {
  const suite = useTestServer(driver);

  it("lists the account's sessions with this device marked, and signs out one of them, or all", async () => {
    const member = await signedInUser(suite.server);
    const phone = suite.client.fresh({ "user-agent": CHROME_ANDROID });
    const laptop = suite.client.fresh({ "user-agent": FIREFOX_LINUX });
    for (const device of [phone, laptop]) {
      expect((await device.post("/api/auth/sign-in", { email: member.email, password: member.password })).status).toBe(200);
    }
    const listed = (await phone.get("/api/auth/sessions")).body.sessions as {
      id: string;
      browser: string | null;
      system: string | null;
      current: boolean;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toEqual([expect.objectContaining({ browser: "Chrome", system: "Android" })]);
    // No token, no address: what a device is, where from (when a trusted proxy says), and when it was used.
    for (const session of listed)
      expect(Object.keys(session).sort()).toEqual(["browser", "country", "current", "id", "lastSeenAt", "signedInAt", "system"]);

    // Someone else's session is not found; the laptop's is ended from the phone.
    const stranger = await signedInUser(suite.server);
    const laptopSession = listed.find((session) => session.browser === "Firefox")!;
    expect((await stranger.client.delete(`/api/auth/sessions/${laptopSession.id}`)).status).toBe(404);
    expect((await laptop.get("/api/me")).status).toBe(200);
    expect((await phone.delete(`/api/auth/sessions/${laptopSession.id}`)).status).toBe(200);
    expect((await laptop.get("/api/me")).status).toBe(401);

    // Everywhere: this device too, and the first one.
    expect((await phone.post("/api/auth/sign-out-everywhere")).status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await member.client.get("/api/me")).status).toBe(401);
    expect((await stranger.client.get("/api/me")).status).toBe(200);
    expect((await suite.client.get("/api/auth/sessions")).status).toBe(401);
  });

  it("mails the owner when a device the account never used signs in, and when the password changes", async () => {
    const member = await signedInUser(suite.server);
    const mailsOf = async (subject: string) => (await outboxFor(suite.server, member.email)).filter((mail) => mail.subject === subject);
    // The account's first device and the same one again: nothing to tell.
    expect((await member.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password })).status).toBe(200);
    expect(await mailsOf("New sign-in to your Kindly account")).toEqual([]);

    const phone = suite.client.fresh({ "user-agent": CHROME_ANDROID });
    await phone.post("/api/auth/sign-in", { email: member.email, password: member.password });
    const [notice] = await mailsOf("New sign-in to your Kindly account");
    expect(notice!.text_body).toContain("Chrome on Android");
    expect(notice!.text_body).toContain("/forgot-password");
    expect(notice!.text_body).not.toContain("you can ignore this email");
    await phone.post("/api/auth/sign-in", { email: member.email, password: member.password });
    expect(await mailsOf("New sign-in to your Kindly account")).toHaveLength(1);

    const changed = await member.client.post("/api/auth/change-password", {
      currentPassword: member.password,
      newPassword: "a brand new passphrase",
    });
    expect(changed.status).toBe(200);
    const [passwordNotice] = await mailsOf("Your Kindly password was changed");
    expect(passwordNotice!.text_body).toContain(member.username);
    expect(passwordNotice!.text_body).toContain("If you did not make this change");
  });
});

describe("the country a device signed in from", () => {
  const behindProxy = useTestServer("postgres", { env: { TRUST_PROXY: "1", CLIENT_COUNTRY_HEADER: "CF-IPCountry" } });
  const direct = useTestServer("postgres", { env: { CLIENT_COUNTRY_HEADER: "CF-IPCountry" } });

  it("is the one the trusted proxy names, and nothing a client sends without one", async () => {
    for (const [suite, expected] of [
      [behindProxy, ["CA", null]],
      [direct, [null, null]],
    ] as const) {
      const member = await signedInUser(suite.server);
      const montreal = suite.client.fresh({ "cf-ipcountry": "ca" });
      const hidden = suite.client.fresh({ "cf-ipcountry": "XX" });
      for (const device of [montreal, hidden]) {
        expect((await device.post("/api/auth/sign-in", { email: member.email, password: member.password })).status).toBe(200);
      }
      const countryOf = async (device: typeof montreal) =>
        ((await device.get("/api/auth/sessions")).body.sessions as { current: boolean; country: string | null }[]).find((s) => s.current)!
          .country;
      expect([await countryOf(montreal), await countryOf(hidden)]).toEqual(expected);
    }
  });
});
