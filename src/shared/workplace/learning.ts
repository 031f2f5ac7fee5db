/**
 * The shape of the workplace area's lessons and quizzes. Their words live in
 * the message files (`workplace.training.modules.<id>`, `workplace.quizzes.<id>`);
 * the right answers live only on the server, which grades every attempt.
 */
export const TRAINING_MODULE_IDS = [
  "social-isolation",
  "lack-of-recognition",
  "demotivation",
  "internal-conflicts",
  "stress-management",
] as const;
export type TrainingModuleId = (typeof TRAINING_MODULE_IDS)[number];

/** Each module: a two-minute reading in this many paragraphs, then three questions of four options. */
export const MODULE_PARAGRAPHS = 4;
export const MODULE_QUESTIONS = 3;
export const MODULE_OPTIONS = 4;
export const MODULE_READING_MINUTES = 2;

export const QUIZ_IDS = ["policy", "harassment"] as const;
export type QuizId = (typeof QUIZ_IDS)[number];

/** How many options each question of a quiz has (2 to 4), in order. */
export const QUIZ_OPTION_COUNTS: Record<QuizId, readonly number[]> = {
  policy: [4, 2, 4, 3, 4],
  harassment: [4, 2, 4, 4, 3],
};

/** What the harassment-prevention certificate says it covered, in order (`workplace.quizzes.harassment.topics`). */
export const HARASSMENT_TOPICS = ["definition", "examples", "reporting", "obligations", "witnesses"] as const;

/** Every quiz here passes only with every answer right. */
export const PASS_MARK_PERCENT = 100;

/** A module opens once the one before it is passed. */
export function isModuleUnlocked(moduleId: TrainingModuleId, passed: ReadonlySet<string>): boolean {
  const index = TRAINING_MODULE_IDS.indexOf(moduleId);
  return index === 0 || passed.has(TRAINING_MODULE_IDS[index - 1]!);
}

/** Every certificate Kindly issues; the manager's comes from the organisation dashboard. */
export const CERTIFICATE_KINDS = ["training", "policy", "harassment", "manager"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
/** The ones an employee earns in the workplace area. */
export const EMPLOYEE_CERTIFICATE_KINDS = ["training", "policy", "harassment"] as const;

/** The monthly challenges: 15 scans each, and a team averaging 15 per person. */
export const MONTHLY_SCAN_TARGET = 15;
