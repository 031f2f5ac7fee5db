import { MANAGER_QUIZ, type LearningSubject, type QuizId, type TrainingModuleId } from "../../../shared/workplace/learning.js";

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

/** Manager training (organisation dashboard): `employer.managerTraining.topics` in the message files. */
export const MANAGER_KEY: Readonly<Record<string, number>> = {
  "rhythm.q1": 1,
  "rhythm.q2": 2,
  "rhythm.q3": 3,
  "timing.q1": 0,
  "timing.q2": 1,
  "timing.q3": 2,
  "specific.q1": 2,
  "specific.q2": 3,
  "specific.q3": 0,
  "fairness.q1": 1,
  "fairness.q2": 2,
  "fairness.q3": 3,
  "surveys.q1": 0,
  "surveys.q2": 1,
  "surveys.q3": 3,
};

/** The key of a module's or a quiz's pool. */
export function keyOf(subject: LearningSubject): Readonly<Record<string, number>> {
  if (subject === MANAGER_QUIZ) return MANAGER_KEY;
  return subject in QUIZ_KEYS ? QUIZ_KEYS[subject as QuizId] : MODULE_KEYS[subject as TrainingModuleId];
}
