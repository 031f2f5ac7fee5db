import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "./fixtures.js";

/** The employee's words for unlocking the area, in the language of the page. */
export interface UnlockWords {
  enter: string;
  title: string;
  field: string;
  submit: string;
}

/** The employee's workplace area (/workplace-wellbeing): unlocking it, its tabs, its quizzes. */
export class WorkplacePageObject {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/workplace-wellbeing");
  }

  /** The demo employer's access code the server printed at start-up. */
  async demoCode(): Promise<{ code: string; employer: string }> {
    const { workplace } = (await (await this.page.request.get("/api/dev/demo-links")).json()) as {
      workplace: { code: string; employer: string };
    };
    return workplace;
  }

  /** Enters the employer's code (typed in lower case: the field shows it upper case; Enter submits). */
  async unlock(code: string, words: UnlockWords) {
    await this.open();
    await this.page.getByRole("button", { name: words.enter }).click();
    const dialog = this.page.getByRole("dialog", { name: words.title });
    await expectAccessible(this.page);
    await dialog.getByLabel(words.field).fill(code.toLowerCase());
    await expect(dialog.getByLabel(words.field)).toHaveValue(code);
    await dialog.getByLabel(words.field).press("Enter");
    await expect(dialog).toBeHidden();
  }

  async openTab(name: string) {
    await this.page.getByRole("tab", { name }).click();
  }

  /** Answers the question on screen by position, then moves on (or submits on the last). */
  async answer(positions: readonly number[], words: { next: string; submit: string }) {
    for (const [i, position] of positions.entries()) {
      const last = i === positions.length - 1;
      const forward = this.page.getByRole("button", { name: last ? words.submit : words.next, exact: true });
      await expect(forward).toBeDisabled();
      await this.page.getByRole("radio").nth(position).check();
      await forward.click();
    }
  }
}
