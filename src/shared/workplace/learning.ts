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

/**
 * Every subject (a module or a quiz) teaches a few topics, a module's topics
 * being its learning outcomes. Each topic has a pool of questions of four
 * options; an attempt asks one question per topic, drawn by the server, so a
 * pool holds three times what an attempt asks and a retry can ask others.
 */
export const QUESTIONS_PER_TOPIC = 3;
export const OPTIONS_PER_QUESTION = 4;
export const MODULE_TOPICS = ["t1", "t2", "t3"] as const;
/** Estimated time of a module: the reading, the scenario and its quiz. */
export const MODULE_MINUTES = 8;
export const MODULE_PARAGRAPHS = 4;

export const QUIZ_IDS = ["policy", "harassment"] as const;
export type QuizId = (typeof QUIZ_IDS)[number];

/** What the harassment-prevention certificate says it covered, in order: the quiz's topics. */
export const HARASSMENT_TOPICS = ["definition", "examples", "reporting", "obligations", "witnesses"] as const;
export const QUIZ_TOPICS: Record<QuizId, readonly string[]> = {
  policy: ["purpose", "scope", "raising", "protection", "review"],
  harassment: HARASSMENT_TOPICS,
};
/** Estimated time of each quiz (the policies' reading not included). */
export const QUIZ_MINUTES = 10;

/**
 * The manager training's quiz (organisation dashboard, under compliance
 * access): drawn and graded like the employees' quizzes, one question per
 * topic of the reading (`employer.managerTraining.topics`).
 */
export const MANAGER_QUIZ = "manager";
export const MANAGER_TOPICS = ["rhythm", "timing", "specific", "fairness", "surveys"] as const;

/** A module or a quiz: what an attempt is at. */
export type LearningSubject = TrainingModuleId | QuizId | typeof MANAGER_QUIZ;

/** A quiz (an employee's or the manager's) rather than a training module: passing it issues its certificate. */
export const isQuizSubject = (subject: LearningSubject): subject is QuizId | typeof MANAGER_QUIZ =>
  subject === MANAGER_QUIZ || (QUIZ_IDS as readonly string[]).includes(subject);

/** The topics of a subject, in order. */
export function topicsOf(subject: LearningSubject): readonly string[] {
  if (subject === MANAGER_QUIZ) return MANAGER_TOPICS;
  return (QUIZ_IDS as readonly string[]).includes(subject) ? QUIZ_TOPICS[subject as QuizId] : MODULE_TOPICS;
}

/** A question's id in its subject's pool: its topic and its number, "t2.q3" or "reporting.q1". */
export function questionIds(topic: string): string[] {
  return Array.from({ length: QUESTIONS_PER_TOPIC }, (_, i) => `${topic}.q${i + 1}`);
}

/** The topic a question belongs to. */
export const topicOfQuestion = (questionId: string) => questionId.slice(0, questionId.lastIndexOf("."));

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
/** How long each certificate's training takes, as the certificate states it. */
export const CERTIFICATE_MINUTES: Record<CertificateKind, number> = {
  training: TRAINING_MODULE_IDS.length * MODULE_MINUTES,
  policy: 20,
  harassment: 15,
  manager: 15,
};
/**
 * How long each kind of certificate stays valid unless the employer says
 * otherwise, in months (null: it never expires). Québec expects harassment
 * prevention to be kept current: a year.
 */
export const DEFAULT_VALIDITY_MONTHS: Record<CertificateKind, number | null> = {
  training: null,
  policy: null,
  harassment: 12,
  manager: null,
};
/** The longest validity an employer may give, in months. */
export const VALIDITY_MONTHS_MAX = 60;
/** The holder is reminded, and may renew, this many days before a certificate expires. */
export const RENEWAL_NOTICE_DAYS = 30;

const RENEWAL_NOTICE_MS = RENEWAL_NOTICE_DAYS * 24 * 60 * 60 * 1000;

/** A certificate is due for renewal from RENEWAL_NOTICE_DAYS before it expires (and once expired). */
export function renewalOpensAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - RENEWAL_NOTICE_MS);
}

/** The other side of the same rule: at `now`, the certificates expiring by this moment are due. */
export function dueIfExpiringBy(now: Date): Date {
  return new Date(now.getTime() + RENEWAL_NOTICE_MS);
}

/** How many learning outcomes each certificate states (`workplace.certificate.outcomes.<kind>.o1…`). */
export const CERTIFICATE_OUTCOMES: Record<CertificateKind, number> = { training: 5, policy: 3, harassment: 5, manager: 3 };
/** Why Kindly keeps a person's legal name (Law 25: one purpose, stated where it is asked). */
export const LEGAL_NAME_PURPOSE = "certificates";
export const LEGAL_NAME_MAX_LENGTH = 120;

/** The ones an employee earns in the workplace area. */
export const EMPLOYEE_CERTIFICATE_KINDS = ["training", "policy", "harassment"] as const;

/** The monthly challenges: 15 scans each, and a team averaging 15 per person. */
export const MONTHLY_SCAN_TARGET = 15;
