import { expect, test } from "@playwright/test";

// How the app reaches a phone: the production bundle (the server here runs
// with NODE_ENV=development, as a developer's shell might), precompressed, cached for good.

async function firstPageScripts(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  // The app shell links every first-page script; prerendered pages start the same entry from boot.js.
  const html = await (await request.get("/contact")).text();
  return [...html.matchAll(/(?:src|href|data-entry)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

test("the first page's scripts are the production bundle, sent precompressed and cached as immutable", async ({ request }) => {
  const scripts = await firstPageScripts(request);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const plain = await request.get(script, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const body = await plain.text();
    // React's development build and JSX runtime carry these names; the production build does not.
    expect(body).not.toContain("jsxDEV");
    expect(body).not.toContain("react.development");

    const brotli = await request.get(script, { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    if (body.length >= 1024) {
      expect(brotli.headers()["content-encoding"]).toBe("br");
      const gzip = await request.get(script, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers()["content-encoding"]).toBe("gzip");
    }
  }
  const page = await request.get("/");
  expect(page.headers()["cache-control"]).toBe("no-cache");
});

test("the public pages arrive prerendered in the visitor's language and come alive in it", async ({ browser }) => {
  // Without JavaScript: what a phone paints before the scripts arrive.
  for (const [locale, cookie, heading] of [
    ["en-CA", null, "Spread kindness, one scan at a time"],
    ["fr-CA", null, "Semer la bienveillance, un scan à la fois"],
    ["fr-CA", "en", "Spread kindness, one scan at a time"],
    ["en-CA", "fr", "Semer la bienveillance, un scan à la fois"],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale });
    if (cookie) await context.addCookies([{ name: "kindly.language", value: cookie, url: "http://127.0.0.1:4173" }]);
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await context.close();
  }
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CA" });
  const plain = await noScript.newPage();
  await plain.goto("/leaderboards");
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Classements");
  await plain.goto("/auth");
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Bienvenue dans Kindly");
  await noScript.close();

  // With JavaScript: the app adopts the page (no error) and it works.
  const live = await browser.newContext({ locale: "fr-CA" });
  const page = await live.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/auth");
  await page.getByLabel("Courriel").fill("nobody@example.test");
  await expect(page.getByLabel("Courriel")).toHaveValue("nobody@example.test");
  await page.goto("/leaderboards");
  await page.getByRole("button", { name: "Donneurs" }).click();
  await expect(page).toHaveURL(/tab=givers/);
  expect(errors).toEqual([]);
  await live.close();
});
