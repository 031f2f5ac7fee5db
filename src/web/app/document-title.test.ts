import { readFileSync } from "node:fs";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { documentTitle } from "./document-title.js";

// Every route of the router has its own title (WCAG 2.4.2): none is
// announced as "Page not found" but the address that matches no route.
const router = readFileSync(new URL("./router.tsx", import.meta.url), "utf8");
const ROUTES = [...router.matchAll(/path="([^"]+)"/g)].map((match) => match[1]!).filter((path) => path !== "*");
/** A translation that names its key: "titles.page" shows the page's own key. */
const t = ((key: string, options?: { page?: string }) => (key === "titles.page" ? options!.page : key)) as unknown as TFunction;

describe("document titles", () => {
  it("give every route its own title", () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    for (const route of ROUTES) {
      // An id in the address: a number for an act, a word elsewhere.
      const address = `/${route}`.replace(/:number/g, "42").replace(/:\w+/g, "abc123");
      expect(documentTitle(address, t), address).not.toBe("titles.notFound");
    }
    expect(documentTitle("/no-such-page", t)).toBe("titles.notFound");
  });
});
