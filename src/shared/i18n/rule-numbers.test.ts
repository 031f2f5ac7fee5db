import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.js";
import { messageEntries } from "./message-entries.js";
import { RULE_VARIABLES } from "./rule-variables.js";
import { translate } from "./translate.js";

/*
 * A rule's number (a limit, a window, a promise, a threshold) reaches a
 * message only as a variable: RULE_VARIABLES' names, or a value the caller
 * passes ({{count}}). Then changing a rule is changing its constant, and no
 * message goes on stating the old figure. So every digit written in a message
 * must be one of the numbers below that state no rule of Kindly's, each with
 * why. (Numbers spelled out in words are not caught; write them as variables too.)
 */
const NOT_RULES: { keys: RegExp; why: string }[] = [
  { keys: /^privacy\.intro$/, why: "the name of Québec's Law 25" },
  { keys: /^privacy\.publicBody$/, why: "an example of a pseudonym (Kindly #7Q4M)" },
  { keys: /^contestDraw\./, why: "the published draw algorithm (SHA-256, 2^48, its first 6 bytes), which anyone recomputes" },
  { keys: /^admin\.system\.s3$/, why: "the name S3" },
  { keys: /^posters\.step\d$/, why: "a step's number" },
  { keys: /^export\.readmeIntro$/, why: "the name of the date format ISO 8601" },
  {
    keys: /^(workplace\.(prevention\.intro|survey\.intro\.compliance|training\.modules\.|quizzes\.)|employer\.report\.intro\.cnesst)/,
    why: "the training's and the law's own text: Law 27, the years a law changed, a scenario's hour",
  },
  {
    keys: /^(dashboard\.(support\.tip|codes\.renewAdvice)|employer\.managerTraining\.(reading\.|topics\.|readingTime))/,
    why: "advice to managers (3 to 5 cards a week, within 24 hours, every 2 to 3 months), not a rule Kindly applies",
  },
];

/** One is where a count or a scale starts ("between 1 and {{max}}", "+1 ticket", "from 1 (high risk)"), not a setting. */
const ALWAYS_ALLOWED = new Set(["1"]);

/** The digits a message writes itself: placeholders, nested messages and tags left out. */
function writtenNumbers(text: string): string[] {
  const words = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>/g, " ");
  return words.match(/\d+(?:[.,]\d+)?/g) ?? [];
}

describe("the rules' numbers in messages", () => {
  it.each(LANGUAGES)("are never written literally in %s: each is a variable", (language) => {
    const literal: string[] = [];
    for (const [key, text] of messageEntries(language)) {
      if (NOT_RULES.some((entry) => entry.keys.test(key))) continue;
      const numbers = writtenNumbers(text).filter((number) => !ALWAYS_ALLOWED.has(number));
      if (numbers.length > 0) literal.push(`${key}: ${numbers.join(", ")}`);
    }
    expect(literal).toEqual([]);
  });

  it("catch a rule written literally (the check above is not blind)", () => {
    expect(writtenNumbers("Results only from 5 responses")).toEqual(["5"]);
    expect(writtenNumbers("Results only from {{minResponses}} responses")).toEqual([]);
    expect(writtenNumbers("Below 2,5 <1>see</1>")).toEqual(["2,5"]);
  });

  it("follow their constants into the text, in each language's number format", () => {
    expect(translate("en", "workplace.results.noRedFlags")).toContain(`below ${RULE_VARIABLES.redFlagBelow}.`);
    expect(translate("fr", "workplace.results.noRedFlags")).toContain(`sous ${String(RULE_VARIABLES.redFlagBelow).replace(".", ",")}.`);
    expect(translate("en", "profile.dataExport.intro")).toContain(`for ${RULE_VARIABLES.exportHours} hours`);
    expect(translate("en", "faq.a6")).toContain(`Bronze Participation (${RULE_VARIABLES.bronzePercent}%)`);
    expect(translate("en", "email.surveyInvitation.body")).toContain(`at least ${RULE_VARIABLES.minResponses} people`);
  });
});
