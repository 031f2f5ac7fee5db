import type { QuizId, TrainingModuleId } from "../../../shared/workplace/learning.js";

/**
 * The right answers (option positions from 0), kept on the server: the
 * browser learns them only from a graded attempt. They follow the questions
 * of `workplace.training.modules.<id>` and `workplace.quizzes.<id>` in the
 * message files; a test checks each points at an option that exists.
 */
export const MODULE_ANSWERS: Record<TrainingModuleId, readonly number[]> = {
  "social-isolation": [1, 2, 0],
  "lack-of-recognition": [2, 0, 3],
  demotivation: [0, 3, 1],
  "internal-conflicts": [3, 1, 2],
  "stress-management": [1, 0, 2],
};

export const QUIZ_ANSWERS: Record<QuizId, readonly number[]> = {
  policy: [2, 0, 1, 2, 3],
  harassment: [1, 0, 3, 2, 1],
};

/** Manager training (organisation dashboard): `employer.managerTraining.quiz` in the message files. */
export const MANAGER_ANSWERS: readonly number[] = [1, 2, 0, 3, 1];

export interface Grade {
  correct: number;
  total: number;
  scorePercent: number;
  passed: boolean;
  answers: { right: boolean; correctIndex: number }[];
}

/** Grades an attempt; every question needs an answer, and only 100 % passes. */
export function grade(key: readonly number[], given: readonly number[]): Grade {
  const answers = key.map((correctIndex, i) => ({ right: given[i] === correctIndex, correctIndex }));
  const correct = answers.filter((a) => a.right).length;
  const scorePercent = Math.round((correct / key.length) * 100);
  return { correct, total: key.length, scorePercent, passed: correct === key.length, answers };
}
