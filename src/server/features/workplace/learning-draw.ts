import { randomInt } from "node:crypto";
import { OPTIONS_PER_QUESTION, questionIds, topicsOf, type LearningSubject } from "../../../shared/workplace/learning.js";
import type { DrawnQuestion } from "../../platform/db/schema.js";

/** A random permutation of 0…n−1 (Fisher–Yates, with the process's strong random source). */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Draws an attempt: one question per topic, none of the previous attempt's
 * when the topic's pool has others, each with its options shuffled, so a
 * retry is answered from understanding rather than from memory of places.
 */
export function drawAttempt(subject: LearningSubject, previous: ReadonlySet<string>): DrawnQuestion[] {
  return topicsOf(subject).map((topic) => {
    const pool = questionIds(topic);
    const fresh = pool.filter((id) => !previous.has(id));
    const candidates = fresh.length > 0 ? fresh : pool;
    return { id: candidates[randomInt(candidates.length)]!, order: shuffled(OPTIONS_PER_QUESTION) };
  });
}

/** Grades answers given as shown places against the pool's key: which questions were answered right. */
export function gradeDrawn(questions: readonly DrawnQuestion[], key: Readonly<Record<string, number>>, answers: readonly number[]) {
  const results = questions.map((question, i) => ({ questionId: question.id, right: question.order[answers[i]!] === key[question.id] }));
  const correct = results.filter((result) => result.right).length;
  return {
    results,
    correct,
    total: questions.length,
    scorePercent: Math.round((correct / questions.length) * 100),
    passed: correct === questions.length,
  };
}
