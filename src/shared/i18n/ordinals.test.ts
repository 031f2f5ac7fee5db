import { describe, expect, it } from "vitest";
import { translate } from "./translate.js";
import { nameIn } from "./localized-text.js";

// A rank in a message ({{count, ordinal}}): the card's news says which person it reached (issue 60 §4).
describe("ordinal numbers in server text", () => {
  const rank = (language: "en" | "fr", count: number) => translate(language, "notices.travels.title", { count, where: "" });

  it("write English ranks with st, nd, rd and th, teens included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 1000].map((n) => rank("en", n))).toEqual(
      ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "1,000th"].map(
        (n) => `Your card reached its ${n} person`,
      ),
    );
  });

  it("write French ranks as Québec does: 1re for a feminine first, then 2e, with the language's digit grouping", () => {
    expect(rank("fr", 1)).toBe("Votre carte a touché sa 1re personne");
    expect(rank("fr", 2)).toBe("Votre carte a touché sa 2e personne");
    expect(rank("fr", 21)).toBe("Votre carte a touché sa 21e personne");
    expect(rank("fr", 1000)).toBe("Votre carte a touché sa 1\u00a0000e personne");
  });
});

describe("a name written once, with its translations", () => {
  it("reads in the reader's language where one was given, else as written (blank is none)", () => {
    const translations = { en: "Pass-it-on cards", fr: " " };
    expect(nameIn("Cartes à faire circuler", translations, "en")).toBe("Pass-it-on cards");
    expect(nameIn("Cartes à faire circuler", translations, "fr")).toBe("Cartes à faire circuler");
    expect(nameIn("Cartes à faire circuler", undefined, "en")).toBe("Cartes à faire circuler");
  });
});
