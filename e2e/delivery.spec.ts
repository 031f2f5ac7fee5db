import { expect, test } from "@playwright/test";

// How the app reaches a phone: the production bundle (the server here runs
// with NODE_ENV=development, as a developer's shell might), precompressed, cached for good.

async function firstPageScripts(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const html = await (await request.get("/")).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
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
