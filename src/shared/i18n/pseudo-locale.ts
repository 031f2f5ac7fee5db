/*
 * Pseudo-localisation (development, and the translators' preview a server
 * offers with PSEUDO_LOCALE=1 outside production): the English messages with every
 * letter accented and each text about 30 % longer, between brackets:
 * "Scan a code" → "[Šçåñ å çöðé ·········]". A page shown in it makes two
 * mistakes visible at a glance: text that stays plain English was never a
 * message (hard-coded), and text cut off or overflowing will be in a longer
 * language. It is never offered to users (no switch shows it; `?lang=xa`
 * asks for it), and is not in languages.ts.
 */

/** The code i18next knows it by; not a real language's. */
export const PSEUDO_LANGUAGE = "xa";

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, i) => [
    letter,
    [..."åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!,
  ]),
);

/** The pieces a message must keep as they are: {{placeholders}}, $t(nesting) and <tags>. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>)/;

/** One message, pseudo-localised. */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(KEPT)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((char) => ACCENTED[char] ?? char).join("")))
    .join("");
  const padding = "·".repeat(Math.max(1, Math.round(text.length * 0.3)));
  return `[${accented} ${padding}]`;
}

type Messages = { [key: string]: string | Messages };

/** A whole message tree, pseudo-localised (keys kept, so every message of the tree is there). */
export function pseudoLocalizeAll<T extends Messages>(messages: T): T {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, typeof value === "string" ? pseudoLocalize(value) : pseudoLocalizeAll(value)]),
  ) as T;
}
