import { describe, expect, it } from "vitest";
import { MESSAGE_FILES } from "../../../shared/i18n/translate.js";
import { MODULE_OPTIONS, MODULE_QUESTIONS, QUIZ_OPTION_COUNTS, QUIZ_IDS, TRAINING_MODULE_IDS } from "../../../shared/workplace/learning.js";
import { MANAGER_QUIZ_OPTIONS, MANAGER_QUIZ_QUESTIONS } from "../../../shared/workplace/compliance-rules.js";
import { grade, MANAGER_ANSWERS, MODULE_ANSWERS, QUIZ_ANSWERS } from "./answer-keys.js";

type Tree = { [key: string]: string | Tree };
const node = (language: "en" | "fr", path: string): Tree =>
  path.split(".").reduce<Tree>((tree, part) => tree[part] as Tree, MESSAGE_FILES[language].workplace as unknown as Tree);

describe("answer keys", () => {
  it("give every module question a right answer among the options the message files hold, in both languages", () => {
    for (const id of TRAINING_MODULE_IDS) {
      expect(MODULE_ANSWERS[id]).toHaveLength(MODULE_QUESTIONS);
      for (const language of ["en", "fr"] as const) {
        const module = node(language, `workplace.training.modules.${id}`);
        MODULE_ANSWERS[id].forEach((answer, q) => {
          expect(answer).toBeLessThan(MODULE_OPTIONS);
          const question = module[`q${q + 1}`] as Tree;
          expect(Object.keys(question).filter((key) => /^o\d$/.test(key))).toHaveLength(MODULE_OPTIONS);
          expect(question[`o${answer + 1}`]).toEqual(expect.any(String));
        });
      }
    }
  });

  it("give every quiz question a right answer among its 2 to 4 options, in both languages", () => {
    for (const id of QUIZ_IDS) {
      expect(QUIZ_ANSWERS[id]).toHaveLength(QUIZ_OPTION_COUNTS[id].length);
      for (const language of ["en", "fr"] as const) {
        const quiz = node(language, `workplace.quizzes.${id}`);
        QUIZ_OPTION_COUNTS[id].forEach((count, q) => {
          expect(count).toBeGreaterThanOrEqual(2);
          expect(QUIZ_ANSWERS[id][q]).toBeLessThan(count);
          const question = quiz[`q${q + 1}`] as Tree;
          expect(Object.keys(question).filter((key) => /^o\d$/.test(key))).toHaveLength(count);
        });
      }
    }
  });

  it("give every manager-training question a right answer among its options, in both languages", () => {
    expect(MANAGER_ANSWERS).toHaveLength(MANAGER_QUIZ_QUESTIONS);
    for (const language of ["en", "fr"] as const) {
      const quiz = node(language, "employer.managerTraining.quiz");
      MANAGER_QUIZ_OPTIONS.forEach((count, q) => {
        expect(MANAGER_ANSWERS[q]).toBeLessThan(count);
        const question = quiz[`q${q + 1}`] as Tree;
        expect(question.question).toEqual(expect.any(String));
        expect(question.explanation).toEqual(expect.any(String));
        expect(Object.keys(question).filter((key) => /^o\d$/.test(key))).toHaveLength(count);
      });
    }
  });

  it("pass only a perfect attempt, and show the right answer of each question", () => {
    expect(grade([1, 2, 0], [1, 2, 0])).toMatchObject({ correct: 3, scorePercent: 100, passed: true });
    const missed = grade([1, 2, 0], [1, 3, 0]);
    expect(missed).toMatchObject({ correct: 2, scorePercent: 67, passed: false });
    expect(missed.answers[1]).toEqual({ right: false, correctIndex: 2 });
    expect(grade([1, 2, 0], [1, 2])).toMatchObject({ passed: false });
  });
});
