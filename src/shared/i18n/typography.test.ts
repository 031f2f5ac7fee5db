import { describe, expect, it } from "vitest";
import { frenchTypography, typographyFaults } from "./typography.js";
import { MESSAGE_FILES, translate } from "./translate.js";

const NBSP = "\u00a0";

/** Every French message, as "file:key" and its text. */
function frenchStrings(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") out.push([path, value]);
    else for (const [key, inner] of Object.entries(value as object)) walk(inner, path ? `${path}.${key}` : key);
  };
  for (const [file, messages] of Object.entries(MESSAGE_FILES.fr)) walk(messages, `${file}:`);
  return out;
}

describe("French typography as Québec writes it", () => {
  it("puts no-break spaces where they belong, removes them where Québec wants none, and curls apostrophes", () => {
    expect(frenchTypography("Touchez le lien : Kindly s'ouvre")).toBe(`Touchez le lien${NBSP}: Kindly s’ouvre`);
    expect(frenchTypography("Étape 1: scannez")).toBe(`Étape 1${NBSP}: scannez`);
    expect(frenchTypography("Bienvenue ! Prêt ? Oui ; non")).toBe("Bienvenue! Prêt? Oui; non");
    expect(frenchTypography("avec « Renvoyer »")).toBe(`avec «${NBSP}Renvoyer${NBSP}»`);
    expect(frenchTypography("24 h, 12 %, 50 $, {{radius}} m, nº 42")).toBe(
      `24${NBSP}h, 12${NBSP}%, 50${NBSP}$, {{radius}}${NBSP}m, nº${NBSP}42`,
    );
    expect(frenchTypography("de la part d'« une personne »")).toBe(`de la part d’«${NBSP}une personne${NBSP}»`);
  });

  it("leaves placeholders, tags, links, times and listed characters alone", () => {
    expect(frenchTypography("{{label}} : {{url}}")).toBe(`{{label}}${NBSP}: {{url}}`);
    expect(frenchTypography("<1>Lisez</1> : https://kindly.example/a?b=c:d")).toBe(`<1>Lisez</1>${NBSP}: https://kindly.example/a?b=c:d`);
    expect(frenchTypography("à 17:46")).toBe("à 17:46");
    expect(frenchTypography("des lettres et - ' . & ! dans un nom")).toBe("des lettres et - ' . & ! dans un nom");
    expect(frenchTypography("{{count}} membres")).toBe("{{count}} membres");
  });

  it("holds in every French message, as written and as rendered", () => {
    const faulty = frenchStrings()
      .map(([key, text]) => [key, typographyFaults(text)] as const)
      // The one list of allowed characters quotes the straight apostrophe on purpose.
      .filter(([key, faults]) => faults.length > 0 && key !== "app:validation.teamNameCharacters");
    expect(faulty).toEqual([]);
    // The message files are written as they render: the rule changes nothing.
    expect(frenchStrings().filter(([, text]) => frenchTypography(text) !== text)).toEqual([]);
    // And a value put into a message is never touched: a name keeps its own apostrophe.
    expect(translate("fr", "admin.users.roleRevoked", { name: "O'Brien", role: "x" })).toBe("O'Brien n’a plus le rôle x.");
  });
});
