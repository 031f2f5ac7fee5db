import { describe, expect, it } from "vitest";
import { MESSAGE_FILES } from "../../../shared/i18n/translate.js";
import {
  OPTIONS_PER_QUESTION,
  QUESTIONS_PER_TOPIC,
  QUIZ_IDS,
  MANAGER_QUIZ,
  MANAGER_TOPICS,
  TRAINING_MODULE_IDS,
  questionIds,
  topicsOf,
  type LearningSubject,
} from "../../../shared/workplace/learning.js";
import { MANAGER_QUIZ_QUESTIONS } from "../../../shared/workplace/compliance-rules.js";
import { keyOf } from "./answer-keys.js";
import { drawAttempt, gradeDrawn } from "./learning-draw.js";

type Tree = { [key: string]: string | Tree };
const LANGUAGES = ["en", "fr"] as const;
const node = (language: "en" | "fr", path: string): Tree =>
  path.split(".").reduce<Tree>((tree, part) => tree[part] as Tree, MESSAGE_FILES[language].workplace as unknown as Tree);
const SUBJECTS: { subject: LearningSubject; path: string; topicWords: string[] }[] = [
  ...TRAINING_MODULE_IDS.map((id) => ({
    subject: id,
    path: `workplace.training.modules.${id}.topics`,
    topicWords: ["outcome", "explanation"],
  })),
  ...QUIZ_IDS.map((id) => ({ subject: id, path: `workplace.quizzes.${id}.topics`, topicWords: ["name", "explanation"] })),
  { subject: MANAGER_QUIZ, path: "employer.managerTraining.topics", topicWords: ["name", "explanation"] },
];
const options = (question: Tree) => Array.from({ length: OPTIONS_PER_QUESTION }, (_, o) => question[`o${o + 1}`] as string);

describe("the question pools", () => {
  it("hold three questions per topic, each with four options and its right one in the key, in both languages", () => {
    for (const { subject, path, topicWords } of SUBJECTS) {
      const key = keyOf(subject);
      const ids = topicsOf(subject).flatMap(questionIds);
      expect(Object.keys(key).sort()).toEqual([...ids].sort());
      expect(ids).toHaveLength(topicsOf(subject).length * QUESTIONS_PER_TOPIC);
      for (const language of LANGUAGES) {
        const topics = node(language, path);
        expect(Object.keys(topics).sort()).toEqual([...topicsOf(subject)].sort());
        for (const topic of topicsOf(subject)) {
          for (const word of topicWords) expect((topics[topic] as Tree)[word], `${subject} ${topic} ${word}`).toEqual(expect.any(String));
        }
        for (const id of ids) {
          const [topic, q] = id.split(".") as [string, string];
          const question = (topics[topic] as Tree)[q] as Tree;
          expect(question.question).toEqual(expect.any(String));
          expect(new Set(options(question)).size, `${subject} ${id} ${language}`).toBe(OPTIONS_PER_QUESTION);
          expect(key[id]).toBeGreaterThanOrEqual(0);
          expect(key[id]).toBeLessThan(OPTIONS_PER_QUESTION);
        }
      }
    }
  });

  it("do not give the right answer away by its place or its length, in either language", () => {
    const places = [0, 0, 0, 0];
    const longest = { en: 0, fr: 0 };
    const shortest = { en: 0, fr: 0 };
    let questions = 0;
    for (const { subject, path } of SUBJECTS) {
      for (const [id, right] of Object.entries(keyOf(subject))) {
        places[right]! += 1;
        questions += 1;
        const [topic, q] = id.split(".") as [string, string];
        for (const language of LANGUAGES) {
          const lengths = options((node(language, path)[topic] as Tree)[q] as Tree).map((option) => option.length);
          if (lengths[right] === Math.max(...lengths)) longest[language] += 1;
          if (lengths[right] === Math.min(...lengths)) shortest[language] += 1;
        }
      }
    }
    // Each place holds about a quarter of the right answers…
    for (const count of places) expect(count / questions).toBeGreaterThan(0.2);
    // …and "pick the longest" (or the shortest) does hardly better than chance (a quarter).
    for (const language of LANGUAGES) {
      expect(longest[language] / questions, `longest, ${language}`).toBeLessThan(0.35);
      expect(shortest[language] / questions, `shortest, ${language}`).toBeLessThan(0.35);
    }
  });
});

describe("the manager training's quiz", () => {
  it("asks as many questions as its messages announce: one per topic", () => {
    expect(MANAGER_TOPICS).toHaveLength(MANAGER_QUIZ_QUESTIONS);
  });
});

describe("an attempt's draw", () => {
  it("asks one question per topic with its four options shuffled", () => {
    for (const { subject } of SUBJECTS) {
      const drawn = drawAttempt(subject, new Set());
      expect(drawn.map((question) => question.id.split(".")[0])).toEqual([...topicsOf(subject)]);
      for (const question of drawn) expect([...question.order].sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it("asks none of the previous attempt's questions while the pool has others", () => {
    for (let round = 0; round < 50; round++) {
      const first = drawAttempt("harassment", new Set());
      const second = drawAttempt("harassment", new Set(first.map((question) => question.id)));
      for (const question of second) expect(first.map((q) => q.id)).not.toContain(question.id);
    }
  });

  it("is graded against the options as they were shown, and passes only when every answer is right", () => {
    const questions = [
      { id: "t1.q1", order: [3, 1, 0, 2] },
      { id: "t2.q1", order: [0, 1, 2, 3] },
    ];
    const key = { "t1.q1": 0, "t2.q1": 2 };
    expect(gradeDrawn(questions, key, [2, 2])).toMatchObject({ correct: 2, scorePercent: 100, passed: true });
    const missed = gradeDrawn(questions, key, [0, 2]);
    expect(missed).toMatchObject({ correct: 1, scorePercent: 50, passed: false });
    expect(missed.results).toEqual([
      { questionId: "t1.q1", right: false },
      { questionId: "t2.q1", right: true },
    ]);
  });
});
