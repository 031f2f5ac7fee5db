import type { Locator, Page } from "@playwright/test";

/**
 * The screens an issue's closing note shows (docs/screens/<name>.png), taken
 * by the journey that proves them when KINDLY_NOTE_SCREENS=1; CI takes none
 * (they are pictures for people, not assertions).
 */
export async function noteScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (process.env.KINDLY_NOTE_SCREENS !== "1") return;
  const path = `docs/screens/${name}.png`;
  await (part ?? page).screenshot({ path, animations: "disabled", caret: "hide" });
}
