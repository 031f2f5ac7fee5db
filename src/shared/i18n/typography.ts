/*
 * French typography as Québec writes it (issue 44), applied by rule to every
 * French message when the messages are loaded (translate.ts on the server,
 * i18n.ts in the browser), so no string relies on someone typing an
 * invisible character right:
 * - a no-break space (U+00A0) before the colon, and none before ; ! ?
 *   (Québec's usage, unlike France's);
 * - no-break spaces inside « »;
 * - a no-break space between a number (or a {{count}}) and its unit: %, $,
 *   h, min, s, m, km, Mo, Ko, Go, and after nº;
 * - the typographic apostrophe ’ in words (l’appareil, aujourd’hui).
 * Only the message's own words change: placeholders, tags (<1>…</1>) and
 * links are left alone.
 *
 * Text Kindly did not write (an organisation's prize "50 $", a time "17 h 10"
 * from Intl, a name typed by the official account) gets the spacing rules at
 * render (issue 61 §3): frenchSpacing() below, applied to every French
 * message once its values are in (translate.ts, i18n.ts), to what format.ts's
 * formatters return, and to the text of a French page (web/app/typeset-page.ts).
 * It only turns a typed breaking space into a no-break one: it adds no space,
 * removes none and leaves apostrophes as their writer put them.
 */

const NBSP = "\u00a0";
/** Spaces a writer may have typed: plain, no-break, narrow no-break, thin. */
const SPACE = "[ \\u00a0\\u202f\\u2009]";

/** The parts of a message that are not words: {{placeholders}}, <tags>, $t(nesting) and addresses. */
const PROTECTED = /\{\{[^}]*\}\}|<\/?\d+\s*\/?>|<\/?[a-z][^>]*>|\$t\([^)]*\)|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+/g;

const UNITS = "(?:%|\\$|h|min|s|m|km|cm|Mo|Ko|Go)";

function typesetWords(text: string): string {
  return (
    text
      // The apostrophe inside a word, or before a placeholder (d’{{name}}).
      .replace(/(?<=\p{L})'(?=[\p{L}\uE000«])/gu, "’")
      // No space before ; ! ? after a word (Québec), whatever was typed (a listed "& !" keeps its space).
      .replace(new RegExp(`(?<=[\\p{L}\\p{N})»’\\uE000])${SPACE}+(?=[;!?])`, "gu"), "")
      // A no-break space before a colon that ends a phrase (not 17:46, not a link).
      .replace(new RegExp(`(?<=[\\p{L}\\p{N})»’\\uE000])${SPACE}*:(?=\\s|$|\\uE000)`, "gu"), `${NBSP}:`)
      // Inside guillemets.
      .replace(new RegExp(`«${SPACE}*`, "gu"), `«${NBSP}`)
      .replace(new RegExp(`${SPACE}*»`, "gu"), `${NBSP}»`)
      // Between a number and its unit, and after nº.
      .replace(new RegExp(`(?<=[\\p{N}\\uE000])${SPACE}(?=${UNITS}(?![\\p{L}\\p{N}]))`, "gu"), NBSP)
      .replace(new RegExp(`nº${SPACE}`, "gu"), `nº${NBSP}`)
  );
}

/**
 * A French message with Québec's typography. Protected parts are swapped for
 * a private-use character (U+E000) while the rules run, so that a rule may
 * see that a placeholder stands where a word or a number would, then put back.
 */
export function frenchTypography(message: string): string {
  const kept: string[] = [];
  const masked = message.replace(PROTECTED, (part) => {
    kept.push(part);
    return "\uE000";
  });
  let index = 0;
  return typesetWords(masked).replace(/\uE000/g, () => kept[index++]!);
}

export type Messages = { [key: string]: string | Messages };

/** Every string of a language's messages typeset by its rules (French only, for now). */
export function typesetMessages<T extends Messages>(language: string, messages: T): T {
  if (language !== "fr") return messages;
  const walk = (value: string | Messages): string | Messages =>
    typeof value === "string"
      ? frenchTypography(value)
      : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  return walk(messages) as T;
}

/**
 * What breaks Québec's typography in a French text, as a list of the faults
 * found (the tests read every message, email and PDF with it).
 */
export function typographyFaults(text: string): string[] {
  const words = text.replace(/\{\{[^}]*\}\}|<\/?\d+>|https?:\/\/\S+/g, "0");
  const faults: string[] = [];
  if (/\p{L}'\p{L}/u.test(words)) faults.push("a straight apostrophe");
  if (/[ \u202f\u2009]:(\s|$)/u.test(words) || /[\p{L}\p{N})»]:(\s|$)/u.test(words))
    faults.push("a colon without a no-break space before it");
  if (/[\p{L}\p{N})»][ \u00a0\u202f\u2009]+[;!?]/u.test(words)) faults.push("a space before ; ! or ?");
  if (/«(?!\u00a0)|(?<!\u00a0)»/u.test(words)) faults.push("guillemets without no-break spaces inside");
  if (/\p{N} (%|\$|h|min|km|m|Mo)(?![\p{L}\p{N}])/u.test(words)) faults.push("a breaking space between a number and its unit");
  return faults;
}

const NNBSP = "\u202f";
/** Eastern and other Canadian zones as fr-CA abbreviates them, and UTC. */
const ZONES = "(?:H[NA][NTECRPA]|UTC|TU)";

/**
 * A French text's breaking spaces where Québec's typography wants none
 * (see above): before a colon and inside guillemets (no-break space), between
 * a number and its unit, inside a time "17 h 10" and before its zone (narrow
 * no-break space), after nº. Spaces only: the text's own words, apostrophes
 * and punctuation stay as written. Running it twice changes nothing more.
 */
export function frenchSpacing(text: string): string {
  if (!/[ \t]/.test(text)) return text;
  return (
    text
      .replace(/(?<=[\p{L}\p{N})»’'.!?])[ \t]+:(?=\s|$)/gu, `${NBSP}:`)
      .replace(/«[ \t]+/gu, `«${NBSP}`)
      .replace(/[ \t]+»/gu, `${NBSP}»`)
      // A time as fr-CA writes it: 17 h 10, 17 h, 17 h 10 HNE.
      .replace(/(?<=\p{N})[ \t](?=h(?:[ \t\u00a0\u202f]?\p{N}|(?![\p{L}\p{N}])))/gu, NNBSP)
      .replace(/(?<=\p{N}[\u202f\u00a0]h)[ \t](?=\p{N})/gu, NNBSP)
      .replace(new RegExp(`(?<=\\p{N})[ \\t](?=${ZONES}(?![\\p{L}\\p{N}]))`, "gu"), NNBSP)
      .replace(new RegExp(`(?<=\\p{N})[ \\t](?=${UNITS}(?![\\p{L}\\p{N}]))`, "gu"), NNBSP)
      .replace(/nº[ \t]/gu, `nº${NBSP}`)
  );
}

/** Whether a language (a code or a locale) has spacing rules to apply at render (French only, for now). */
export function hasSpacingRules(language: string): boolean {
  return language === "fr" || language.startsWith("fr-");
}

/** Text put in front of a reader of `language`, with that language's spacing rules. */
export function typesetText(language: string, text: string): string {
  return hasSpacingRules(language) ? frenchSpacing(text) : text;
}
