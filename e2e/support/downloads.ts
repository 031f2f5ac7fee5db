import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { pdfText } from "../../src/server/test/documents.js";

/** Clicks what downloads a PDF and returns its text, line by line joined. */
export async function downloadedPdfText(page: Page, trigger: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  return (await pdfText(await readFile((await download.path())!))).join("\n");
}
