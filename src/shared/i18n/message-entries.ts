import type { Language } from "./languages.js";
import { MESSAGE_FILES } from "./translate.js";

type Tree = { [key: string]: string | Tree };

/** Every message of a language as "section.key" → text, plural forms as their own keys ("acts_one"). For tests that read all of them. */
export function messageEntries(language: Language): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") out.set(prefix + key, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const file of Object.values(MESSAGE_FILES[language])) walk(file as Tree, "");
  return out;
}
