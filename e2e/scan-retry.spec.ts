import type { Request, Route } from "@playwright/test";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH, FRENCH } from "./support/scan-page.js";

/**
 * A scan whose answer is lost or refused for a moment is tried again by the
 * scan page itself, with the same idempotency key: the person sees "Saving…"
 * (never an error) and then the act, the one the first try recorded.
 */
// The page's own retries are the subject: no service worker, whose fetches page.route cannot see
// (it sends POST /api/scans itself once it controls the page, for Background Sync).
test.use({ serviceWorkers: "block" });

function interceptScans(page: import("@playwright/test").Page) {
  const keys: string[] = [];
  let letThrough: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  const handlers: ((route: Route, request: Request) => Promise<void>)[] = [];
  void page.route("**/api/scans", async (route, request) => {
    if (request.method() !== "POST") return route.continue();
    keys.push(request.headers()["idempotency-key"] ?? "");
    const handler = handlers.shift();
    if (handler) return handler(route, request);
    // Later tries wait until the test has seen the page saying it is still saving.
    await released;
    return route.continue();
  });
  return { keys, handlers, letThrough };
}

test("an act whose answer was lost is saved by the page's own retry, the same act, with Saving… meanwhile", async ({ page, request }) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.goto(links.physical.path);
  const scans = interceptScans(page);
  let recorded: { actId: string; actNumber: number } | null = null;
  // The first try reaches Kindly and is recorded, but its answer never comes back.
  scans.handlers.push(async (route) => {
    recorded = (await (await route.fetch()).json()) as { actId: string; actNumber: number };
    await route.abort("connectionreset");
  });
  // One tap on the envelope records the act (issue 60).
  await page.getByRole("button", { name: ENGLISH.envelope }).click();
  await expect(page.getByTestId("scan-recording")).toHaveText("Saving…");
  await expect(page.getByTestId("scan-retrying")).toHaveText(/your act is recorded as soon as the connection is back/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  // The page's retry is held until the check is done: it never goes idle meanwhile.
  await expectAccessible(page, { requestHeld: true });
  scans.letThrough();
  await expect(page.getByTestId("act-number")).toHaveText(`#${new Intl.NumberFormat("en-CA").format(recorded!.actNumber)}`);
  // The page's own retry, and maybe the copy it kept on the device meanwhile: always the same key.
  expect(scans.keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(scans.keys).size).toBe(1);
  expect(scans.keys[0]).toMatch(/^[0-9a-f-]{36}$/);

  // One act, not two.
  const history = await page.request.get("/api/me/acts");
  expect(history.status()).toBe(200);
  expect(((await history.json()) as { totalActs: number }).totalActs).toBe(1);
});

test("en français : Kindly indisponible un instant (503), la page réessaie d'elle-même et enregistre le geste", async ({
  page,
  request,
}) => {
  const links = await demoLinks(request);
  await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
  const user = await confirmedUser(request, "fr");
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.goto(links.physical.path);
  const scans = interceptScans(page);
  // Kindly's own answer while its database is away.
  scans.handlers.push((route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "1" },
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "database_unavailable", message: "…", retryAfterSeconds: 1 } }),
    }),
  );
  await page.getByRole("button", { name: FRENCH.envelope }).click();
  await expect(page.getByTestId("scan-recording")).toHaveText("Enregistrement…");
  await expect(page.getByTestId("scan-retrying")).toHaveText(/votre geste sera enregistré dès le retour de la connexion/);
  // The page's retry is held until the check is done: it never goes idle meanwhile.
  await expectAccessible(page, { requestHeld: true });
  scans.letThrough();
  await expect(page.getByTestId("act-number")).toBeVisible();
  await expect(page.getByTestId("act-rarity")).toBeVisible();
  expect(new Set(scans.keys).size).toBe(1);
});
