import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

// How the app reaches a phone: the production bundle (the server here runs
// with NODE_ENV=development, as a developer's shell might), precompressed, cached for good.

/** A prerendered page's entry and the scripts boot.js asks for with it (scripts/prerender.ts). */
async function bootScripts(request: import("@playwright/test").APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
  const preloads = /data-preload="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  return [entry!, ...preloads];
}

async function firstPageScripts(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  // The app shell links the entry's own imports; the app's start steps are the scripts a prerendered page preloads.
  const html = await (await request.get("/contact")).text();
  const shell = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set([...shell, ...(await bootScripts(request, "/"))])];
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
    ["en-CA", null, "Spread kindness, one act at a time"],
    ["fr-CA", null, "Semez la bienveillance, un geste à la fois"],
    ["fr-CA", "en", "Spread kindness, one act at a time"],
    ["en-CA", "fr", "Semez la bienveillance, un geste à la fois"],
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
  await page.getByRole("button", { name: "Personnes qui donnent" }).click();
  await expect(page).toHaveURL(/tab=givers/);
  expect(errors).toEqual([]);
  await live.close();
});

test("a prerendered page asks for all the code it starts with at once, after its first paint", async ({ browser, request }) => {
  // Each page's own parts (the sign-in form on /auth) come with the app's start steps:
  // on a slow network the page goes live after one round of requests, not one per step.
  for (const path of ["/", "/auth", "/leaderboards"]) {
    const expected = await bootScripts(request, path);
    expect(expected.length).toBeGreaterThan(3);
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    const listener = (request: import("@playwright/test").Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) requested.push(url.pathname);
    };
    page.on("request", listener);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    // Live: the More tab waits for the app.
    await expect(page.getByRole("button", { name: "More" })).toBeEnabled();
    page.off("request", listener);
    // Everything it loaded to get there (the messages included) was asked for up front,
    // and the app adopted the page without an error (a mismatch would be one).
    expect(requested.filter((script) => !expected.includes(script))).toEqual([]);
    expect(requested.length).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("when the app's code cannot arrive, the page says so in the visitor's language and offers a way out", async ({ browser }) => {
  for (const [locale, title, refresh, home] of [
    ["en-CA", "App failed to load", "Refresh page", "Go home"],
    ["fr-CA", "L’application n’a pas pu se charger", "Actualiser la page", "Retour à l’accueil"],
  ] as const) {
    const context = await browser.newContext({ locale });
    // React DOM, one of the start's steps, never arrives.
    const manifest = JSON.parse(readFileSync("dist/web/.vite/manifest.json", "utf8")) as Record<string, { file: string }>;
    await context.route(`**/${manifest["node_modules/react-dom/client.js"]!.file}`, (route) => route.abort());
    const page = await context.newPage();
    await page.goto("/auth");
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: title })).toBeVisible();
    await expect(alert.getByRole("button", { name: refresh })).toBeVisible();
    await expect(alert.getByRole("link", { name: home })).toHaveAttribute("href", "/");
    await context.close();
  }
});
