import { describe, expect, it } from "vitest";
import { MIN_RESPONSES_FOR_RESULTS, RESULTS_STEP } from "../workplace/climate-survey.js";
import { RADIUS } from "../constants.js";
import { RULE_VARIABLES } from "./rule-variables.js";
import { MESSAGE_FILES, translate } from "./translate.js";

describe("server-side messages with a count", () => {
  it("take the plural form each language's rules give the count, as i18next does in the browser", () => {
    const key = "employer.report.surveys.underThreshold";
    expect(translate("en", key, { count: 1 })).toMatch(/^Fewer than 1 response:/);
    expect(translate("en", key, { count: 5 })).toMatch(/^Fewer than 5 responses:/);
    // French counts 0 and 1 as singular, and says "de" before a million.
    expect(translate("fr", key, { count: 0 })).toMatch(/^Moins de 0 réponse\u00a0:/);
    expect(translate("fr", key, { count: 5 })).toMatch(/^Moins de 5 réponses\u00a0:/);
    expect(translate("fr", key, { count: 1_000_000 })).toMatch(/^Moins de 1\u00a0000\u00a0000 de réponses\u00a0:/);
  });

  it("state the survey rule from the constants the server applies", () => {
    const rule = { count: MIN_RESPONSES_FOR_RESULTS, step: RESULTS_STEP };
    expect(translate("en", "employer.report.surveys.anonymity", rule)).toContain(
      `from ${MIN_RESPONSES_FOR_RESULTS} responses and change only in steps of ${RESULTS_STEP} or more`,
    );
    expect(translate("fr", "employer.report.surveys.anonymity", rule)).toContain(
      `à partir de ${MIN_RESPONSES_FOR_RESULTS} réponses et ne changent que par tranches de ${RESULTS_STEP} ou plus`,
    );
  });

  it("agree the noun and the verb with the count", () => {
    expect(translate("en", "employer.report.surveys.employees", { count: 1 })).toBe(
      "1 employee has access to the workplace well-being area",
    );
    expect(translate("en", "employer.report.surveys.employees", { count: 3 })).toBe(
      "3 employees have access to the workplace well-being area",
    );
    expect(translate("fr", "employer.report.surveys.employees", { count: 1 })).toBe(
      "1 membre du personnel a accès à l’espace mieux-être au travail",
    );
    expect(translate("fr", "employer.report.surveys.employees", { count: 3 })).toBe(
      "3 membres du personnel ont accès à l’espace mieux-être au travail",
    );
  });
});

describe("the rules' numbers in messages", () => {
  it("come from the constants, written with each language's separators", () => {
    expect(translate("en", "validation.radiusRange")).toBe(
      `The scan radius must be between ${RADIUS.min} and ${RADIUS.max.toLocaleString("en-CA")} metres.`,
    );
    expect(translate("fr", "validation.radiusRange")).toBe(
      `Le rayon de scan doit être entre ${RADIUS.min} et ${RADIUS.max.toLocaleString("fr-CA")} mètres.`,
    );
  });

  it("are each named by some message (a rule no message states needs no variable)", () => {
    const allText = JSON.stringify(MESSAGE_FILES);
    const unused = Object.keys(RULE_VARIABLES).filter((name) => !new RegExp(`\\{\\{\\s*${name}\\s*[,}]`).test(allText));
    expect(unused).toEqual([]);
  });
});
