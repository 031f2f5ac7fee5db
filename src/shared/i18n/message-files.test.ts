import { describe, expect, it } from "vitest";
import { MESSAGE_FILES, translate } from "./translate.js";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const merged = (language: "en" | "fr") => Object.assign({}, ...Object.values(MESSAGE_FILES[language])) as Tree;

describe("message files", () => {
  const english = flatten(merged("en"));
  const french = flatten(merged("fr"));

  it("split each language the same way, with no section in two files", () => {
    for (const file of Object.keys(MESSAGE_FILES.en) as (keyof typeof MESSAGE_FILES.en)[]) {
      expect(Object.keys(MESSAGE_FILES.fr[file])).toEqual(Object.keys(MESSAGE_FILES.en[file]));
    }
    const sections = Object.values(MESSAGE_FILES.en).flatMap((file) => Object.keys(file));
    expect(sections.length).toBe(new Set(sections).size);
  });

  it("have the same keys in English and French", () => {
    expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
  });

  it("use the same placeholders in both languages", () => {
    const mismatched = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(french.get(key) ?? "").join());
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it("leave no message empty", () => {
    expect([...english, ...french].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });

  it("translates with placeholders and falls back to the key when one is missing", () => {
    expect(translate("fr", "apiErrors.role_not_assignable", { role: "admin" })).toBe("Vous n'êtes pas autorisé à attribuer le rôle admin");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });
});
