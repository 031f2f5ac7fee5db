import type { Locator, Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expect, expectAccessible, test } from "./support/fixtures.js";
import { networkQuiet } from "./support/network-quiet.js";
import { officialAccount } from "./support/official.js";

/*
 * Visual baselines of the operator screens: every tab of an organisation's
 * dashboard and of the admin panel, on a phone (390 px) and a desktop
 * (1280 px). They run on a server of their own holding only the demo data
 * (playwright.config.ts), so lists and counts are the same every run; what
 * still moves with the day (dates, times, generated codes, charts drawn over
 * today's calendar) is given one fixed form before the capture.
 */

const BOTTOM_BAR_HIDDEN = fileURLToPath(new URL("./support/screenshot.css", import.meta.url));

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const MONTHS =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
const WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday";

/**
 * Writes what the run generated (codes, the data folder) as fixed stand-ins,
 * and every date, time and number the page shows in one fixed form ("00" for
 * each number, "November" for each month), so text keeps its width and
 * wrapping whatever the day, and the comparison sees the layout.
 */
async function steadyText(page: Page, generated: Record<string, string>) {
  await page.evaluate(
    ([months, weekdays, generated]) => {
      const month = new RegExp(`\\b(?:${months})\\b\\.?`, "g");
      const weekday = new RegExp(`\\b(?:${weekdays})\\b`, "g");
      const steadyNode = (node: Node) => {
        const text = node.textContent ?? "";
        let steady = text;
        for (const [value, standIn] of Object.entries(generated)) steady = steady.replaceAll(value, standIn);
        // Organisation codes are random too: the demo's seven are listed by the admin panel.
        steady = steady
          .replace(/KND-[0-9A-F]{6}/g, "KND-FFAACC")
          // A contest's published seed hash, and the half of the day a time falls in (en-CA writes
          // "p.m."; a run has also been seen writing "PM": one stand-in for both, so the line wraps alike).
          .replace(/\b[0-9a-f]{64}\b/g, "feed".repeat(16))
          .replace(/\b[AP]M\b|\b[ap]\.m\./g, "PM")
          // Every number as "00": a day of the month or a count of days has one digit or two depending on today.
          .replace(/\d+/g, "00")
          .replace(month, "November")
          .replace(weekday, "Thursday");
        // Written only when it changes. Each stand-in maps to itself (no digit in a code's or a hash's), so
        // the observer below comes to rest: "KND-7F3A9C" rewritten as "KND-00F00A00C" grew without end.
        if (steady !== text) node.textContent = steady;
      };
      const steadyTree = (root: Node) => {
        if (root.nodeType === Node.TEXT_NODE) return steadyNode(root);
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) steadyNode(node);
      };
      steadyTree(document.body);
      // What React renders again afterwards (a query refetched, a live update) gets the same stand-ins before
      // it is painted (an observer runs before the next frame): a capture never sees today's text again.
      const marked = window as unknown as { steadyTextObserver?: MutationObserver };
      if (marked.steadyTextObserver) return;
      marked.steadyTextObserver = new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === "characterData") steadyNode(record.target);
          for (const added of record.addedNodes) steadyTree(added);
        }
      });
      marked.steadyTextObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [MONTHS, WEEKDAYS, generated] as const,
  );
}

/** What changes with the day or the machine, hidden by the capture: charts drawn over today's calendar (the analytics journeys check their figures), … */
function maskedParts(page: Page): Locator[] {
  // Charts, the free space of this machine's disk (a figure of the moment), and date fields: masked where they
  // stand, at their own height (a date field rewritten as text was 2 px shorter, and a re-render brought it back).
  return [
    page.locator(".recharts-responsive-container"),
    page.getByTestId("disk-free"),
    page.locator('input[type="date"], input[type="datetime-local"]'),
  ];
}

/** What this run of the server generated, with the stand-in each is shown as. */
async function generatedValues(page: Page): Promise<Record<string, string>> {
  const demo = (await (await page.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string } };
  return {
    [demo.workplace.code]: "KINDCODEABCD".slice(0, demo.workplace.code.length),
    [process.env.KINDLY_E2E_SCREENS_DATA!]: "/tmp/kindly-screens",
  };
}

/** Opens each tab in turn and captures it once its content has loaded. */
async function captureTabs(page: Page, generated: Record<string, string>, prefix: string, tabs: string[]) {
  // The admin panel's sections are a menu on a phone (a button named for the section shown).
  const menu = page.getByRole("button", { name: /^Section / });
  for (const name of tabs) {
    if (await menu.isVisible()) {
      await menu.click();
      await page.getByRole("menuitemradio", { name, exact: true }).click();
      await expect(menu).toHaveAccessibleName(`Section ${name}`);
      await expect(page.getByRole("tabpanel").first()).toBeVisible();
    } else {
      const tab = page.getByRole("tab", { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      // The panel this tab controls (a panel may hold tabs of its own, as the well-being tab does).
      await expect(page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`)).toBeVisible();
    }
    await networkQuiet(page);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page);
    await steadyText(page, generated);
    await expect(page).toHaveScreenshot(`${prefix}-${name.toLowerCase().replace(/\W+/g, "-")}.png`, {
      fullPage: true,
      stylePath: BOTTOM_BAR_HIDDEN,
      mask: maskedParts(page),
    });
  }
}

test.describe.configure({ mode: "serial" });

for (const size of WIDTHS) {
  test(`the admin panel and a dashboard keep their layout at ${size.width} px`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ reducedMotion: "reduce" });
    const official = officialAccount(process.env.KINDLY_E2E_SCREENS_DATA!);
    expect((await page.request.post("/api/auth/sign-in", { data: official })).status()).toBe(200);

    const generated = await generatedValues(page);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin panel" })).toBeVisible();
    await captureTabs(page, generated, `admin-${size.name}`, [
      "Overview",
      "Analytics",
      "Requests",
      "Organizations",
      "Users",
      "Review",
      "Moderation",
      "Contests",
      "Manual acts",
      "Privacy",
      "System",
    ]);

    // The demo employer: places, a workplace area with its committee, a survey and a policy.
    const { items } = (await (await page.request.get("/api/admin/organizations?q=Caf")).json()) as { items: { id: string }[] };
    await page.goto(`/business-dashboard?org=${encodeURIComponent(items[0]!.id)}`);
    await expect(page.getByRole("heading", { name: "Café Bienveillance" })).toBeVisible();
    await captureTabs(page, generated, `dashboard-${size.name}`, [
      "Locations",
      "Analytics",
      "Campaigns",
      "Interactions",
      "Engagement",
      "Workplace well-being",
      "Settings",
      "Support",
    ]);
  });
}
