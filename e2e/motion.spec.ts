import type { Page } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { networkQuiet } from "./support/network-quiet.js";
import { cardOfItsOwn, demoLinks, ENGLISH } from "./support/scan-page.js";

/*
 * Issue 61 §4: nothing moves on its own for long. Every animation Kindly
 * starts runs a few cycles and stops (WCAG 2.2.2: under five seconds, so no
 * pause button is needed); with reduced motion asked, none runs at all.
 */

/** The animations running in the page once it has settled, as "name × iterations". */
async function runningAnimations(page: Page): Promise<string[]> {
  await networkQuiet(page);
  return page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const timing = animation.effect!.getComputedTiming();
      const name = animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name;
      return `${name} × ${timing.iterations} (${Math.round(Number(timing.endTime))} ms)`;
    }),
  );
}

for (const motion of ["no-preference", "reduce"] as const) {
  test(`with motion ${motion === "reduce" ? "reduced" : "allowed"}, the map, the envelope, the revealed card and home never animate endlessly`, async ({
    browser,
    request,
  }) => {
    const links = await demoLinks(request);
    const user = await confirmedUser(request);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: motion, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
    expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    const seen: Record<string, string[]> = {};
    await page.goto(cardOfItsOwn(links));
    await expect(page.getByRole("button", { name: ENGLISH.envelope })).toBeVisible();
    seen.envelope = await runningAnimations(page);
    await page.getByRole("button", { name: ENGLISH.envelope }).click();
    await expect(page.getByTestId("act-number")).toBeVisible();
    seen.card = await runningAnimations(page);
    for (const path of ["/", "/map", "/leaderboards"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      seen[path] = await runningAnimations(page);
    }
    for (const [where, animations] of Object.entries(seen)) {
      if (motion === "reduce") expect(animations, where).toEqual([]);
      // Each ends within five seconds of its start: a finite number of cycles.
      else
        for (const animation of animations)
          expect(Number(/\((\d+) ms\)$/.exec(animation)?.[1]), `${where}: ${animation}`).toBeLessThanOrEqual(5000);
    }
    // The envelope did invite the tap when motion is allowed: the test looks at real animations.
    if (motion === "no-preference") expect(seen.envelope!.join()).toContain("kindly-envelope-wiggle");
    await context.close();
  });
}
