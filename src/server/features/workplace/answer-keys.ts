import type { LearningSubject, QuizId, TrainingModuleId } from "../../../shared/workplace/learning.js";

/**
 * The right answers (option places from 0, as the message files list the
 * options), kept on the server: the browser never learns them, not even after
 * grading. One entry per question of each pool, `workplace.training.modules.
 * <id>.topics` and `workplace.quizzes.<id>.topics` in the message files; a
 * test checks every question has one and that it points at an option.
 */
export const MODULE_KEYS: Record<TrainingModuleId, Readonly<Record<string, number>>> = {
  "social-isolation": { "t1.q1": 0, "t1.q2": 1, "t1.q3": 3, "t2.q1": 2, "t2.q2": 3, "t2.q3": 0, "t3.q1": 2, "t3.q2": 1, "t3.q3": 1 },
  "lack-of-recognition": { "t1.q1": 0, "t1.q2": 2, "t1.q3": 3, "t2.q1": 1, "t2.q2": 0, "t2.q3": 2, "t3.q1": 3, "t3.q2": 0, "t3.q3": 3 },
  demotivation: { "t1.q1": 2, "t1.q2": 1, "t1.q3": 3, "t2.q1": 2, "t2.q2": 1, "t2.q3": 0, "t3.q1": 1, "t3.q2": 2, "t3.q3": 0 },
  "internal-conflicts": { "t1.q1": 3, "t1.q2": 0, "t1.q3": 3, "t2.q1": 1, "t2.q2": 2, "t2.q3": 2, "t3.q1": 0, "t3.q2": 3, "t3.q3": 1 },
  "stress-management": { "t1.q1": 2, "t1.q2": 1, "t1.q3": 3, "t2.q1": 0, "t2.q2": 1, "t2.q3": 0, "t3.q1": 2, "t3.q2": 3, "t3.q3": 3 },
};

export const QUIZ_KEYS: Record<QuizId, Readonly<Record<string, number>>> = {
  policy: {
    "purpose.q1": 2,
    "purpose.q2": 0,
    "purpose.q3": 1,
    "scope.q1": 0,
    "scope.q2": 3,
    "scope.q3": 1,
    "raising.q1": 2,
    "raising.q2": 1,
    "raising.q3": 0,
    "protection.q1": 2,
    "protection.q2": 3,
    "protection.q3": 3,
    "review.q1": 0,
    "review.q2": 2,
    "review.q3": 1,
  },
  harassment: {
    "definition.q1": 3,
    "definition.q2": 2,
    "definition.q3": 0,
    "examples.q1": 1,
    "examples.q2": 1,
    "examples.q3": 3,
    "reporting.q1": 2,
    "reporting.q2": 0,
    "reporting.q3": 1,
    "obligations.q1": 3,
    "obligations.q2": 0,
    "obligations.q3": 2,
    "witnesses.q1": 3,
    "witnesses.q2": 0,
    "witnesses.q3": 1,
  },
};

/** The key of a module's or a quiz's pool. */
export function keyOf(subject: LearningSubject): Readonly<Record<string, number>> {
  return subject in QUIZ_KEYS ? QUIZ_KEYS[subject as QuizId] : MODULE_KEYS[subject as TrainingModuleId];
}

/** Manager training (organisation dashboard): `employer.managerTraining.quiz` in the message files. */
export const MANAGER_ANSWERS: readonly number[] = [1, 2, 0, 3, 1];

/** The manager training's grade, which still shows the right answers (its quiz is not drawn from a pool). */
export interface Grade {
  correct: number;
  total: number;
  scorePercent: number;
  passed: boolean;
  answers: { right: boolean; correctIndex: number }[];
}

/** Grades the manager training's attempt; every question needs an answer, and only 100 % passes. */
export function grade(key: readonly number[], given: readonly number[]): Grade {
  const answers = key.map((correctIndex, i) => ({ right: given[i] === correctIndex, correctIndex }));
  const correct = answers.filter((a) => a.right).length;
  const scorePercent = Math.round((correct / key.length) * 100);
  return { correct, total: key.length, scorePercent, passed: correct === key.length, answers };
}
