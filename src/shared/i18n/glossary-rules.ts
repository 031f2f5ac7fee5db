/*
 * docs/glossary.md read as rules (issue 44 §3, issue 61 §3): its tables give
 * the words set aside in each language and the masculine-only words French
 * must not use for people. The tests read the file and ask these functions
 * whether a text (a message, a rendered email, a push, an image's
 * description) uses one; nothing here reads files, so the same rules serve
 * the message tests and the server's surface tests.
 */

export interface ListedWord {
  word: string;
  /** Phrases the word may stand in ("organisme sans but lucratif"). */
  except: string[];
}

/** The rows of the table under a "## " heading, as cells (header and separator left out). */
export function tableUnder(glossary: string, heading: string): string[][] {
  const section = glossary.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/glossary.md has no "## ${heading}"`);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("|---"))
    .slice(1)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** "a, b (except c, d), e" → [{ word: a }, { word: b, except: [c, d] }, { word: e }]: commas inside parentheses do not split. */
export function words(cell: string): ListedWord[] {
  return (cell.match(/[^,(]+(\([^)]*\))?/g) ?? [])
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [, word, except] = /^(.*?)\s*(?:\(except ([^)]*)\))?$/.exec(part)!;
      return { word: word!, except: except ? except.split(",").map((phrase) => phrase.trim()) : [] };
    });
}

/** Text as the rules compare it: one apostrophe, plain spaces, no tags, no placeholders' names. */
export const plain = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/['’]/g, "’")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/<[^>]*>/g, " ");
const escape = (text: string) => plain(text).replace(/[.*+?^${}()|[\]\\#]/g, "\\$&");
/** The word alone (not inside a longer word). */
export const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}])${escape(word)}(?![\\p{L}])`, "giu");
/** The term at the start of a word, any ending (plural, -ed). */
export const termStart = (term: string) => new RegExp(`(?<![\\p{L}])${escape(term)}\\p{L}*`, "giu");

/** Each "name: word" where a text uses one of `listed` (outside the phrases the word leaves alone). */
export function uses(texts: Map<string, string>, listed: ListedWord[]): string[] {
  const found: string[] = [];
  for (const [name, text] of texts) {
    for (const { word, except } of listed) {
      let rest = plain(text);
      for (const phrase of except) rest = rest.replace(wholeWord(phrase), " ");
      if (wholeWord(word).test(rest)) found.push(`${name}: ${word}`);
    }
  }
  return found;
}

/** The words the "Terms" table sets aside in a language (English: its 4th column; French: its 5th). */
export function setAsideWords(glossary: string, language: "en" | "fr"): ListedWord[] {
  return tableUnder(glossary, "Terms").flatMap((row) => words(row[language === "en" ? 3 : 4] ?? ""));
}
