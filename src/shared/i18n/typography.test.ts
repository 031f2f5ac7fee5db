import { describe, expect, it } from "vitest";
import { frenchSpacing, frenchTypography, typographyFaults } from "./typography.js";
import { MESSAGE_FILES, translate } from "./translate.js";
import { dateFormat, numberFormat, relativeTimeFormat } from "./format.js";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

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

describe("French spacing of text no message wrote (issue 61 §3)", () => {
  it("turns a typed breaking space into a no-break one where Québec's typography wants one, and adds or removes nothing", () => {
    expect(frenchSpacing("Prix : 50 $ et 250 $")).toBe(`Prix${NBSP}: 50${NNBSP}$ et 250${NNBSP}$`);
    expect(frenchSpacing("17 h 10 HNE")).toBe(`17${NNBSP}h${NNBSP}10${NNBSP}HNE`);
    expect(frenchSpacing("1 h 30 min, 5 km, 12 %, nº 12")).toBe(`1${NNBSP}h${NNBSP}30${NNBSP}min, 5${NNBSP}km, 12${NNBSP}%, nº${NBSP}12`);
    expect(frenchSpacing("« Merci »")).toBe(`«${NBSP}Merci${NBSP}»`);
    // Words, times written 17:46, names with their own apostrophes, a colon with no space: as written.
    for (const text of ["3 habitants et 2 heures", "à 17:46", "O'Brien", "Note: rien", "https://kindly.example/a:b"])
      expect(frenchSpacing(text)).toBe(text);
    // Twice is once.
    expect(frenchSpacing(frenchSpacing("Prix : 50 $"))).toBe(frenchSpacing("Prix : 50 $"));
  });

  it("holds in what Intl returns for French and in a message's values, and leaves English alone", () => {
    const at = new Date(Date.UTC(2026, 11, 1, 22, 10));
    const time = dateFormat("fr", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: "America/Toronto" }).format(at);
    expect(time).toBe(`17${NNBSP}h${NNBSP}10${NNBSP}HNE`);
    expect(dateFormat("fr", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)).toMatch(
      new RegExp(`22${NNBSP}h${NNBSP}10$`),
    );
    expect(dateFormat("fr", { hour: "numeric", timeZone: "UTC" }).formatToParts(at).length).toBeGreaterThan(0);
    expect(relativeTimeFormat("fr").format(-2, "minute")).toBe("il y a 2 minutes");
    expect(numberFormat("fr", { style: "currency", currency: "CAD" }).format(50)).not.toMatch(/ /);
    expect(dateFormat("en", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(at)).toMatch(/^10:10 p\.m\.$/);
    // A value an organisation typed, put into a French message.
    const sentence = translate("fr", "admin.users.roleRevoked", { name: "Prix : 50 $", role: "x" });
    expect(typographyFaults(sentence)).toEqual([]);
    expect(sentence).toContain(`Prix${NBSP}: 50${NNBSP}$`);
  });
});
