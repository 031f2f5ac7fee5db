import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messageEntries } from "./message-entries.js";
import { setAsideWords, tableUnder as tableOf, termStart, plain, uses, words } from "./glossary-rules.js";

// docs/glossary.md is the rule book (issue 44 §3, §4): this test reads its
// tables, so a settled term is enforced from the moment it is written down.

const glossary = readFileSync(fileURLToPath(new URL("../../../docs/glossary.md", import.meta.url)), "utf8");
const en = messageEntries("en");
const fr = messageEntries("fr");

const tableUnder = (heading: string) => tableOf(glossary, heading);
const setAside = (messages: Map<string, string>, language: "en" | "fr"): string[] => uses(messages, setAsideWords(glossary, language));

describe("the glossary (docs/glossary.md)", () => {
  it("is read: its three tables are there and not empty", () => {
    expect(tableUnder("Terms").length).toBeGreaterThan(20);
    expect(tableUnder("Checked both ways").length).toBeGreaterThan(5);
    expect(tableUnder("Inclusive French").length).toBeGreaterThan(5);
    expect(words("organisme (except organisme sans but lucratif, organismes communautaires), lieu d’affaires")).toEqual([
      { word: "organisme", except: ["organisme sans but lucratif", "organismes communautaires"] },
      { word: "lieu d’affaires", except: [] },
    ]);
  });

  it("no English message uses a word the glossary sets aside in English", () => {
    expect(setAside(en, "en")).toEqual([]);
  });

  it("no French message uses a word the glossary sets aside in French", () => {
    expect(setAside(fr, "fr")).toEqual([]);
  });

  it("a message that names a term in one language names its counterpart in the other", () => {
    const rows = tableUnder("Checked both ways").map(([english, french]) => ({ english: words(english!), french: words(french!) }));
    const mismatched: string[] = [];
    for (const [key, englishText] of en) {
      let english = plain(englishText);
      let french = plain(fr.get(key) ?? "");
      for (const row of rows) {
        const inEnglish = row.english.some(({ word }) => termStart(word).test(english));
        const inFrench = row.french.some(({ word }) => termStart(word).test(french));
        if (inEnglish !== inFrench) mismatched.push(`${key}: ${inEnglish ? row.english[0]!.word : row.french[0]!.word} alone`);
        // A phrase one row matched is not read again by a later row ("Gold Achievement" is not an achievement).
        for (const { word } of row.english) english = english.replace(termStart(word), " ");
        for (const { word } of row.french) french = french.replace(termStart(word), " ");
      }
    }
    expect(mismatched).toEqual([]);
  });
});

/**
 * Masculine-only words the test allows where they do not describe the reader
 * or a group of people: "message-key: word", each with its reason.
 */
const NOT_A_PERSON = new Map<string, string>([
  ["profile.devices.title: connectés", "Appareils connectés: devices"],
  ["profile.devices.intro: connecté", "votre compte est connecté: the account"],
  ["profile.devices.signedOutOne: déconnecté", "{{device}} est déconnecté: a device"],
  ["workplace.employer.directory.notConnected: connecté", "Non connecté: the staff directory"],
  ["workplace.employer.directory.connected: connecté", "Connecté depuis: the staff directory"],
  ["workplace.employer.directory.disconnected: déconnecté", "Répertoire déconnecté"],
]);

describe("inclusive French", () => {
  it("addresses no reader, and names no group of people, with a masculine-only word (docs/glossary.md)", () => {
    const listed = tableUnder("Inclusive French").flatMap(([cell]) => words(cell!));
    expect(listed.map(({ word }) => word)).toContain("employés");
    expect(uses(fr, listed).filter((found) => !NOT_A_PERSON.has(found))).toEqual([]);
  });
});
