import { answerScore, SCALE_POINTS, SURVEY_QUESTIONS } from "./climate-survey.js";

// Pure rules of the employer's compliance screens (docs/spec/workplace.md §9).

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Each question's average score (reverse items turned round), to one decimal, from the tallies. */
export function questionScores(counts: readonly number[]): Record<string, number> {
  return Object.fromEntries(
    SURVEY_QUESTIONS.map((question, q) => {
      let total = 0;
      let count = 0;
      for (let position = 1; position <= SCALE_POINTS; position++) {
        const chosen = counts[q * SCALE_POINTS + position - 1] ?? 0;
        total += chosen * answerScore(question, position);
        count += chosen;
      }
      return [question.id, count ? oneDecimal(total / count) : 0];
    }),
  );
}

export const RISK_ZONES = ["critical", "elevated", "moderate", "good"] as const;
export type RiskZone = (typeof RISK_ZONES)[number];
/** A question's score below each of these is in that zone (the first that holds); from the last one up, "good". */
export const RISK_ZONE_BELOW = { critical: 2.5, elevated: 3.5, moderate: 4 } as const;
/** The risk zone of a question's score: below 2.5 critical, below 3.5 elevated, below 4 moderate, else good. */
export function riskZone(score: number): RiskZone {
  if (score < RISK_ZONE_BELOW.critical) return "critical";
  if (score < RISK_ZONE_BELOW.elevated) return "elevated";
  if (score < RISK_ZONE_BELOW.moderate) return "moderate";
  return "good";
}

export type Trend = "improvement" | "deterioration" | "stable";
/** A period against the one before it, on the one-decimal scores people see. */
export function trendBetween(current: number, previous: number): Trend {
  const difference = Math.round((current - previous) * 10);
  if (difference > 0) return "improvement";
  if (difference < 0) return "deterioration";
  return "stable";
}

export const AUDIT_LEVELS = ["excellent", "good", "average", "improve"] as const;
export type AuditLevel = (typeof AUDIT_LEVELS)[number];
export interface AuditScore {
  average: number;
  efficiencyPercent: number;
  level: AuditLevel;
}
/** An internal audit's answers run from 1 (not at all) to 5 (very much). */
export const AUDIT_SCALE = { min: 1, max: 5 } as const;
/** Internal audit: two answers from 1 to 5; average, efficiency = average ÷ 5, levels at 80, 60 and 40 %. */
export function auditScore(first: number, second: number): AuditScore {
  const average = (first + second) / 2;
  const efficiencyPercent = Math.round((average / AUDIT_SCALE.max) * 100);
  const level: AuditLevel =
    efficiencyPercent >= 80 ? "excellent" : efficiencyPercent >= 60 ? "good" : efficiencyPercent >= 40 ? "average" : "improve";
  return { average, efficiencyPercent, level };
}

/** A policy acknowledgment rate of 90 % or more counts as compliant. */
export const POLICY_COMPLIANT_PERCENT = 90;

export const VERIFICATION_EVERY_MONTHS = 2;
/**
 * Planned verifications: the organisation's start day, then every two months
 * on the same day (the month's last day when it is shorter), up to `until`.
 */
export function verificationDates(start: string, until: string): string[] {
  const [year, month, day] = start.split("-").map(Number) as [number, number, number];
  const dates: string[] = [];
  for (let step = 0; ; step++) {
    const index = year * 12 + month - 1 + step * VERIFICATION_EVERY_MONTHS;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const date = `${y}-${String(m).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
    if (date > until) return dates;
    dates.push(date);
  }
}

/** Manager training: five questions (one per topic of its reading, `MANAGER_TOPICS`), 5/5 for the certificate. */
export const MANAGER_QUIZ_QUESTIONS = 5;
