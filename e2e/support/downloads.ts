import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { pdfText } from "../../src/server/test/documents.js";

/** Clicks what downloads a file and returns its bytes. */
export async function downloaded(page: Page, trigger: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  return readFile((await download.path())!);
}

/** Clicks what downloads a PDF and returns its text, line by line joined. */
export async function downloadedPdfText(page: Page, trigger: Locator): Promise<string> {
  return (await pdfText(await downloaded(page, trigger))).join("\n");
}
