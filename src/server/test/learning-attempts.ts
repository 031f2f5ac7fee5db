import type { LearningSubject } from "../../shared/workplace/learning.js";
import { keyOf } from "../features/workplace/index.js";
import type { TestClient } from "./http-client.js";

export interface Drawn {
  attemptId: string;
  questions: { id: string; options: number[] }[];
}

/** The answers, as shown places, of someone who knows the material, missing the questions at the `miss` positions. */
export function answersTo(subject: LearningSubject, drawn: Drawn, miss: number[] = []): number[] {
  const key = keyOf(subject);
  return drawn.questions.map((question, i) => {
    const right = question.options.indexOf(key[question.id]!);
    return miss.includes(i) ? (right + 1) % 4 : right;
  });
}

/**
 * One attempt from start to grade at `path` (where the subject's attempts
 * live): drawn by the server, answered as someone who knows the material would.
 */
export async function takeAttempt(client: TestClient, path: string, subject: LearningSubject, miss: number[] = []) {
  const started = await client.post(`${path}/attempts`);
  if (started.status !== 200) return Object.assign(started, { drawn: null });
  const drawn = started.body as Drawn;
  const graded = await client.post(`${path}/attempts/${drawn.attemptId}/answers`, { answers: answersTo(subject, drawn, miss) });
  return Object.assign(graded, { drawn });
}
