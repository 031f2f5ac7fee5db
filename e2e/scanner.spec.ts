import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AuthPageObject } from "./support/auth-page.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { ENGLISH, ScanPageObject } from "./support/scan-page.js";

test.setTimeout(120_000);

/**
 * A camera video of a printed code: the QR PNG the app issues for a card
 * series, on a white page, as the raw YUV4MPEG2 video Chromium's fake camera plays.
 */
function cameraVideoOf(png: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kindly-camera-"));
  const image = path.join(dir, "code.png");
  const video = path.join(dir, "camera.y4m");
  writeFileSync(image, png);
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-y",
    "-loop",
    "1",
    "-i",
    image,
    "-vf",
    "scale=400:400,pad=640:480:120:40:white,format=yuv420p",
    "-t",
    "2",
    "-r",
    "10",
    video,
  ]);
  return video;
}

test("the camera scanner reads an app-issued code from the camera and records the act", async ({ playwright, request, baseURL }) => {
  // The official account prints a card series' code (any organisation's dashboard is open to it).
  const official = await playwright.request.newContext({ baseURL });
  const { email, password } = officialAccount();
  expect((await official.post("/api/auth/sign-in", { data: { email, password } })).status()).toBe(200);
  const tag = Date.now().toString(36).toUpperCase();
  const created = await official.post("/api/admin/organizations", {
    data: { name: `Café ${tag}`, type: "company", orgCode: `CAFE-${tag}` },
  });
  const organizationId = ((await created.json()) as { id: string }).id;
  await official.post(`/api/organizations/${organizationId}/card-series`, { data: { name: "Merci", cardType: "physical", cardCount: 10 } });
  const { series } = (await (await official.get(`/api/organizations/${organizationId}/card-series`)).json()) as {
    series: { id: string }[];
  };
  const png = await (await official.get(`/api/organizations/${organizationId}/card-series/${series[0]!.id}/code.png`)).body();
  await official.dispose();
  const video = cameraVideoOf(png);

  // A phone whose camera sees that code.
  const launch = test.info().project.use.launchOptions!;
  const browser = await playwright.chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ["camera"] });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
    const participant = await confirmedUser(request);
    await page.goto("/auth?redirect=%2Fscan");
    await new AuthPageObject(page).signIn(participant.email, participant.password);
    await expect(page.getByRole("heading", { name: "Scan with your camera" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Start the camera" }).click();
    // Read, accepted as this Kindly's link, and opened.
    await expect(page).toHaveURL(/\/scan-qr\?org=CAFE-/);
    await expect(page.getByText("Merci")).toBeVisible();
    const actNumber = await new ScanPageObject(page, ENGLISH).openCard();
    expect(actNumber).toMatch(/\d/);
    const acts = (await (await page.request.get("/api/me/stats")).json()) as { totalActs: number };
    expect(acts.totalActs).toBe(1);
  } finally {
    await browser.close();
  }
});

test("the scanner explains a refused camera and offers the phone's camera app, in French too", async ({ page }) => {
  await page.goto("/scan");
  // This browser has no camera permission: asking for it is refused.
  await page.context().grantPermissions([]);
  await page.evaluate(() => {
    Object.defineProperty(navigator.mediaDevices, "getUserMedia", {
      value: () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")),
    });
  });
  await page.getByRole("button", { name: "Start the camera" }).click();
  await expect(page.getByRole("alert")).toContainText("Camera access was refused.");
  await expect(page.getByRole("alert")).toContainText("open your phone’s camera app");
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem("kindly.language", "fr"));
  await page.reload();
  await page.evaluate(() => {
    Object.defineProperty(navigator.mediaDevices, "getUserMedia", {
      value: () => Promise.reject(new DOMException("Requested device not found", "NotFoundError")),
    });
  });
  await page.getByRole("button", { name: "Démarrer la caméra" }).click();
  await expect(page.getByRole("alert")).toContainText("Aucune caméra n’a été trouvée sur cet appareil.");
  await expectAccessible(page);
});
