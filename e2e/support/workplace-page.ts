import type { Page } from "@playwright/test";
import { keyOf } from "../../src/server/features/workplace/index.js";
import { MANAGER_QUIZ, QUIZ_IDS, topicsOf, type LearningSubject } from "../../src/shared/workplace/learning.js";
import en from "../../src/shared/i18n/messages/en/workplace.json" with { type: "json" };
import fr from "../../src/shared/i18n/messages/fr/workplace.json" with { type: "json" };
import { expect, expectAccessible } from "./fixtures.js";

type Question = { question: string; o1: string; o2: string; o3: string; o4: string };
type Pool = Record<string, Record<string, unknown>>;

/** A subject's pool in a language: every question by its id ("t2.q3"), as the message files hold it. */
function pool(subject: LearningSubject, language: "en" | "fr"): Map<string, Question> {
  const file = language === "en" ? en : fr;
  const messages = file.workplace;
  const topics = (
    subject === MANAGER_QUIZ
      ? file.employer.managerTraining.topics
      : (QUIZ_IDS as readonly string[]).includes(subject)
        ? messages.quizzes[subject as keyof typeof messages.quizzes].topics
        : messages.training.modules[subject as keyof typeof messages.training.modules].topics
  ) as Pool;
  const questions = new Map<string, Question>();
  for (const [topic, entries] of Object.entries(topics)) {
    for (const [name, value] of Object.entries(entries)) if (/^q\d$/.test(name)) questions.set(`${topic}.${name}`, value as Question);
  }
  return questions;
}

/** The employee's words for unlocking the area, in the language of the page. */
export interface UnlockWords {
  enter: string;
  title: string;
  field: string;
  submit: string;
}

/** The employee's workplace area (/workplace-wellbeing): unlocking it, its tabs, its quizzes (and the manager's quiz, answered the same way). */
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

  /**
   * Answers a drawn attempt as someone who knows the material would: reads
   * each question on screen, finds it in the pool and picks its right option
   * by its words (the places are shuffled), except at the `miss` positions,
   * where it picks a wrong one. Returns the ids of the questions it was asked.
   */
  async answerKnowingly(
    subject: LearningSubject,
    language: "en" | "fr",
    words: { next: string; submit: string },
    miss: number[] = [],
  ): Promise<string[]> {
    const questions = pool(subject, language);
    const key = keyOf(subject);
    const asked: string[] = [];
    const count = topicsOf(subject).length;
    for (let i = 0; i < count; i++) {
      const legend = this.page.locator("fieldset legend");
      await expect(legend).toBeVisible();
      const text = (await legend.textContent())!.trim();
      const [id, question] = [...questions].find(([, q]) => q.question === text) ?? [];
      expect(id, `"${text}" is a question of ${subject}`).toBeTruthy();
      asked.push(id!);
      const right = question![`o${key[id!]! + 1}` as "o1"];
      const wrong = [question!.o1, question!.o2, question!.o3, question!.o4].find((option) => option !== right)!;
      const last = i === count - 1;
      const forward = this.page.getByRole("button", { name: last ? words.submit : words.next, exact: true });
      await expect(forward).toBeDisabled();
      await this.page.getByRole("radio", { name: miss.includes(i) ? wrong : right, exact: true }).check();
      await forward.click();
      if (!last) await expect(legend).not.toHaveText(text);
    }
    return asked;
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
