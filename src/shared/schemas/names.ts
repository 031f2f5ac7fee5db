// zod/mini, like every shared schema (the browser bundles it).
import { z } from "zod/mini";
import { described, text, maxLength } from "./text.js";

/*
 * What every name a person or an organisation gives (a legal name on a
 * certificate, a username, a team's or an organisation's name) must be: one
 * rule, shared by the browser and the server.
 * - Normalised (NFC), spaces collapsed and trimmed, so "é" typed two ways is
 *   one name and a name is stored as it is shown.
 * - No control characters (tab, line breaks, DEL, C1), no bidirectional
 *   controls (marks, embeddings, overrides, isolates), no invisible
 *   characters (zero-width space, word joiner, byte-order mark, soft hyphen):
 *   each can make a name show as something else ("Alice ‮fdp.exe‬ Smith"
 *   shows "Alice exe.pdf Smith") or look identical to another.
 *   The zero-width joiner and non-joiner stay: Persian and Indic names need them.
 * - At least one letter or digit: a name is something a person can read.
 */

/** Characters a name may not hold, whatever else it has. */
const UNSEEN = /[\p{Cc}\u00AD\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/u;
/** Something a person can read. */
const VISIBLE = /[\p{L}\p{N}]/u;

/** A name as it is stored and shown: NFC, whitespace runs as one space, trimmed. */
export const tidyName = (name: string): string => name.normalize("NFC").replace(/\s+/gu, " ").trim();

/** Whether a name holds a control, bidirectional or invisible character. */
export const hasUnseenCharacters = (name: string): boolean => UNSEEN.test(name);

/** Whether a name has a letter or a digit. */
export const hasVisibleLetter = (name: string): boolean => VISIBLE.test(name);

/**
 * The names rule's checks, each described for the API's document. Between
 * tidying and a letter, a field puts its length (an empty field says it is
 * required, its own message, before anything else).
 */
export const nameChecks = {
  unseen: () =>
    described(
      z.refine<string>((value) => !hasUnseenCharacters(value.trim()), "validation.nameUnseenCharacters"),
      { notPattern: UNSEEN.source },
    ),
  tidy: () => described(z.overwrite(tidyName), { trimmed: true }),
  letter: () => described(z.refine<string>(hasVisibleLetter, "validation.nameNeedsLetter"), { pattern: VISIBLE.source }),
};

/**
 * A name field: the text is refused when it holds an unseen character
 * (checked before tidying, since collapsing would hide a tab or a line break
 * inside it; what surrounds it, a pasted line's end, is forgiven), then
 * tidied, then it must fit `min`…`max` characters and have a letter or a
 * digit. `messages` are the field's own length messages.
 */
export const nameText = (min: number, max: number, messages: { tooShort: string; tooLong: string }) =>
  text().check(
    nameChecks.unseen(),
    nameChecks.tidy(),
    z.minLength(min, messages.tooShort),
    nameChecks.letter(),
    maxLength(max, messages.tooLong),
  );
