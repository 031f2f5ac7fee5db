import { describe, expect, it } from "vitest";
import {
  aggregateResponses,
  aggregateTallies,
  answerScore,
  tallyOf,
  scoreBand,
  scoreResponse,
  SURVEY_CATEGORIES,
  SURVEY_QUESTIONS,
} from "./climate-survey.js";

const all = (position: number) => SURVEY_QUESTIONS.map(() => position);

describe("climate survey scoring", () => {
  it("has twelve questions, two in each of the six categories", () => {
    expect(SURVEY_QUESTIONS).toHaveLength(12);
    for (const category of SURVEY_CATEGORIES) expect(SURVEY_QUESTIONS.filter((q) => q.category === category)).toHaveLength(2);
  });

  it("scores an answer by its position, and a reverse-scored one by 6 − position", () => {
    const straight = SURVEY_QUESTIONS.find((q) => !q.reverse)!;
    const reverse = SURVEY_QUESTIONS.find((q) => q.reverse)!;
    expect([1, 2, 3, 4, 5].map((p) => answerScore(straight, p))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5].map((p) => answerScore(reverse, p))).toEqual([5, 4, 3, 2, 1]);
  });

  it("totals a response per category, reversing the risk-worded questions", () => {
    // "Always" to everything: the reverse items (workload, isolated, tension, disrespect) count 1.
    const scores = scoreResponse(all(5));
    expect(scores.stress).toEqual({ total: 6, count: 2, average: 3 });
    expect(scores.recognition).toEqual({ total: 10, count: 2, average: 5 });
    expect(scores.motivation.average).toBe(5);
    expect(scores.harassment.average).toBe(3);
  });

  it("averages categories over every answer, the overall score over categories, to one decimal", () => {
    // Five people; the first two answer 1 everywhere, the others 4.
    const responses = [all(1), all(1), all(4), all(4), all(4)];
    const result = aggregateResponses(responses);
    // Non-reverse category: (1+1+4+4+4)*2 / 10 = 2.8. Mixed one: straight 2.8 and reverse (5,5,2,2,2) 3.2 → 3.0.
    expect(result.categoryAverages.recognition).toBe(2.8);
    expect(result.categoryAverages.motivation).toBe(2.8);
    expect(result.categoryAverages.stress).toBe(3);
    // (2.8 + 2.8 + 4 × 3.0) / 6 = 2.9333…
    expect(result.overall).toBe(2.9);
    expect(result.responses).toBe(5);
  });

  it("raises a red flag below 2.5, critical below 2.0", () => {
    const low = aggregateResponses([all(1), all(1), all(1), all(2), all(2)]);
    // Straight categories average (1+1+1+2+2)/5 = 1.4: critical. Mixed ones are 3.0: no flag.
    expect(low.redFlags).toEqual([
      { category: "recognition", score: 1.4, severity: "critical" },
      { category: "motivation", score: 1.4, severity: "critical" },
    ]);
    const borderline = aggregateResponses([all(2), all(2), all(3), all(3), all(2)]);
    expect(borderline.categoryAverages.recognition).toBe(2.4);
    expect(borderline.redFlags.find((f) => f.category === "recognition")?.severity).toBe("high");
    expect(aggregateResponses([all(3), all(3), all(3), all(3), all(3)]).redFlags).toEqual([]);
  });

  it("keeps a response only as tallies: one count per question at the chosen position", () => {
    const tally = tallyOf([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2]);
    expect(tally).toHaveLength(60);
    expect(tally.reduce((a, b) => a + b, 0)).toBe(12);
    expect(tally.slice(0, 10)).toEqual([1, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(aggregateTallies(1, tally)).toEqual(aggregateResponses([[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2]]));
  });

  it("colours scores: 4 and above green, 3 and above yellow, below red", () => {
    expect([5, 4, 3.9, 3, 2.9, 1].map(scoreBand)).toEqual(["good", "good", "watch", "watch", "risk", "risk"]);
  });
});
