/**
 * The standard climate survey: twelve questions in six categories, answered
 * on five-point scales. The words live in the message files
 * (`workplace.survey.questions.<id>`); this is what the scoring needs.
 */
export const SURVEY_CATEGORIES = ["stress", "isolation", "recognition", "conflicts", "motivation", "harassment"] as const;
export type SurveyCategory = (typeof SURVEY_CATEGORIES)[number];

/** Frequency: never … always. Agreement: strongly disagree … strongly agree. */
export type SurveyScale = "frequency" | "agreement";

export interface SurveyQuestion {
  id: string;
  category: SurveyCategory;
  scale: SurveyScale;
  /** The wording describes a risk ("I feel overwhelmed"): a high answer is a low score. */
  reverse: boolean;
}

export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  { id: "workload", category: "stress", scale: "frequency", reverse: true },
  { id: "disconnect", category: "stress", scale: "agreement", reverse: false },
  { id: "isolated", category: "isolation", scale: "frequency", reverse: true },
  { id: "belonging", category: "isolation", scale: "agreement", reverse: false },
  { id: "acknowledged", category: "recognition", scale: "frequency", reverse: false },
  { id: "fairFeedback", category: "recognition", scale: "agreement", reverse: false },
  { id: "tension", category: "conflicts", scale: "frequency", reverse: true },
  { id: "resolved", category: "conflicts", scale: "agreement", reverse: false },
  { id: "meaningful", category: "motivation", scale: "agreement", reverse: false },
  { id: "energy", category: "motivation", scale: "frequency", reverse: false },
  { id: "disrespect", category: "harassment", scale: "frequency", reverse: true },
  { id: "safeToReport", category: "harassment", scale: "agreement", reverse: false },
];

export const SCALE_POINTS = 5;
/** What the survey tells people it takes, in minutes. */
export const SURVEY_MINUTES = { min: 5, max: 7 } as const;
/** Results exist only for at least this many responses (docs/design.md §3). */
export const MIN_RESPONSES_FOR_RESULTS = 5;
/**
 * Published figures move only in steps of at least this many responses, so
 * nobody can tell one new answer from the figures before and after it.
 */
export const RESULTS_STEP = 5;
/** A category averaging below this is a red flag: high risk, act now. */
export const RED_FLAG_BELOW = 2.5;
/** Below this a red flag is critical rather than high. */
export const CRITICAL_BELOW = 2;

/** An answer is the chosen option's position, 1 to 5; a reverse-scored one counts 6 − position. */
export function answerScore(question: SurveyQuestion, position: number): number {
  return question.reverse ? SCALE_POINTS + 1 - position : position;
}

export interface CategoryScore {
  total: number;
  count: number;
  average: number;
}

/** One response's totals per category (answers in SURVEY_QUESTIONS order). */
export function scoreResponse(answers: readonly number[]): Record<SurveyCategory, CategoryScore> {
  const scores = Object.fromEntries(SURVEY_CATEGORIES.map((c) => [c, { total: 0, count: 0, average: 0 }])) as Record<
    SurveyCategory,
    CategoryScore
  >;
  SURVEY_QUESTIONS.forEach((question, index) => {
    const score = scores[question.category];
    score.total += answerScore(question, answers[index]!);
    score.count += 1;
  });
  for (const score of Object.values(scores)) score.average = score.count ? score.total / score.count : 0;
  return scores;
}

export type RedFlagSeverity = "critical" | "high";
export interface RedFlag {
  category: SurveyCategory;
  score: number;
  severity: RedFlagSeverity;
}

export interface SurveyAggregate {
  responses: number;
  /** Category average = every answer's score in the category over their count, to one decimal. */
  categoryAverages: Record<SurveyCategory, number>;
  /** The mean of the category averages, to one decimal, out of 5.0. */
  overall: number;
  redFlags: RedFlag[];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * One response as tallies: for each question, a 1 at the chosen position
 * (index question × 5 + position − 1). Stored answers exist only summed
 * like this, never one person's on their own.
 */
export function tallyOf(answers: readonly number[]): number[] {
  // The standard questions, then the survey's "did it help?" questions, if any (followUpScores).
  const counts = Array.from({ length: answers.length * SCALE_POINTS }, () => 0);
  answers.forEach((position, question) => (counts[question * SCALE_POINTS + position - 1]! += 1));
  return counts;
}

/** Aggregates tallies (see tallyOf) of `responses` responses; callers make sure there are at least MIN_RESPONSES_FOR_RESULTS. */
export function aggregateTallies(responses: number, counts: readonly number[]): SurveyAggregate {
  const totals = Object.fromEntries(SURVEY_CATEGORIES.map((c) => [c, { total: 0, count: 0 }])) as Record<
    SurveyCategory,
    { total: number; count: number }
  >;
  SURVEY_QUESTIONS.forEach((question, q) => {
    for (let position = 1; position <= SCALE_POINTS; position++) {
      const chosen = counts[q * SCALE_POINTS + position - 1] ?? 0;
      totals[question.category].total += chosen * answerScore(question, position);
      totals[question.category].count += chosen;
    }
  });
  const exact = SURVEY_CATEGORIES.map((c) => (totals[c].count ? totals[c].total / totals[c].count : 0));
  const categoryAverages = Object.fromEntries(SURVEY_CATEGORIES.map((c, i) => [c, oneDecimal(exact[i]!)])) as Record<
    SurveyCategory,
    number
  >;
  const redFlags = SURVEY_CATEGORIES.flatMap((category, i): RedFlag[] =>
    exact[i]! < RED_FLAG_BELOW
      ? [{ category, score: oneDecimal(exact[i]!), severity: exact[i]! < CRITICAL_BELOW ? "critical" : "high" }]
      : [],
  );
  const overall = oneDecimal(exact.reduce((sum, value) => sum + value, 0) / exact.length);
  return { responses, categoryAverages, overall, redFlags };
}

/**
 * "You said, we did" (issue 47 §6): a survey may ask, after the standard
 * questions, whether each action its employer published since the last one
 * helped, on the agreement scale (5: strongly agree it helped). At most this many.
 */
export const FOLLOW_UPS_MAX = 3;

/** Each follow-up question's average (by its place among them, "0", "1"…), from tallies holding them after the standard questions. */
export function followUpScores(counts: readonly number[]): Record<string, number> {
  const followUps = Math.max(0, Math.floor(counts.length / SCALE_POINTS) - SURVEY_QUESTIONS.length);
  return Object.fromEntries(
    Array.from({ length: followUps }, (_, i) => {
      const q = SURVEY_QUESTIONS.length + i;
      let total = 0;
      let count = 0;
      for (let position = 1; position <= SCALE_POINTS; position++) {
        const chosen = counts[q * SCALE_POINTS + position - 1] ?? 0;
        total += chosen * position;
        count += chosen;
      }
      return [String(i), count ? oneDecimal(total / count) : 0];
    }),
  );
}

/** Aggregates whole responses (what the tallies of those responses give). */
export function aggregateResponses(responses: readonly (readonly number[])[]): SurveyAggregate {
  const counts = Array.from({ length: SURVEY_QUESTIONS.length * SCALE_POINTS }, () => 0);
  for (const answers of responses) tallyOf(answers).forEach((n, i) => (counts[i]! += n));
  return aggregateTallies(responses.length, counts);
}

export type ScoreBand = "good" | "watch" | "risk";
/** The results' colours: 4 and above green, 3 and above yellow, below 3 red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 4) return "good";
  if (score >= 3) return "watch";
  return "risk";
}
