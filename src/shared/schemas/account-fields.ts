// zod/mini: the same schemas validate on the server and in the browser, where
// the tree-shakable build keeps the first page small.
import { z } from "zod/mini";
import { looksOfficial } from "./reserved-names.js";
import { text, trim, maxLength } from "./text.js";
import { hasUnseenCharacters } from "./names.js";
import { COUNTRY_CODES, isCountryCode } from "../countries.js";
import {
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_DISTINCT,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "../constants.js";

// Messages are keys of the message files, so browser and server show the same words.
export const usernameSchema = text().check(
  // The names rule (names.ts) says what is wrong with an invisible character; the pattern below refuses it anyway.
  z.refine((value: string) => !hasUnseenCharacters(value.trim()), "validation.nameUnseenCharacters"),
  trim(),
  z.minLength(1, "validation.usernameRequired"),
  z.minLength(USERNAME_MIN_LENGTH, "validation.usernameTooShort"),
  maxLength(USERNAME_MAX_LENGTH, "validation.usernameTooLong"),
  z.regex(/^[A-Za-z0-9]+$/, "validation.usernameCharacters"),
);

/**
 * Names that could pass for the official account (whose username is "Kindly…",
 * and whose pseudonyms read "Kindly #…"), to the eye (reserved-names.ts).
 * Existing holders keep theirs; nobody new can take one.
 */
export const isReservedUsername = (username: string): boolean => looksOfficial(username);

/** A username someone is choosing now (sign-up): also not a reserved one. */
export const newUsernameSchema = usernameSchema.check(z.refine((value) => !isReservedUsername(value), "validation.usernameReserved"));

export const emailSchema = z
  .pipe(
    text().check(trim(), z.minLength(1, "validation.emailRequired"), maxLength(254, "validation.emailInvalid")),
    z.email("validation.emailInvalid"),
  )
  // The document states the address rule the pipe's second half applies (JSON Schema sees only the first).
  .register(z.globalRegistry, { format: "email", pattern: z.regexes.email.source });

/**
 * A pattern for "at least `count` different characters", for the API's
 * document: the first occurrences of `count` different characters come in
 * some order, each unlike those before it.
 */
function distinctCharacters(count: number): string {
  const steps = Array.from({ length: count }, (_, i) =>
    i === 0 ? "([\\s\\S])" : `[\\s\\S]*?${Array.from({ length: i }, (_, j) => `(?!\\${j + 1})`).join("")}([\\s\\S])`,
  );
  return steps.join("");
}

export const passwordSchema = text()
  .check(
    z.minLength(1, "validation.passwordRequired"),
    z.minLength(PASSWORD_MIN_LENGTH, "validation.passwordTooShort"),
    maxLength(PASSWORD_MAX_LENGTH, "validation.passwordTooLong"),
    // "        " or "aaaaaaaa" pass a length rule and nothing else.
    z.refine((value) => new Set(value).size >= PASSWORD_MIN_DISTINCT, "validation.passwordTooSimple"),
  )
  .register(z.globalRegistry, {
    pattern: distinctCharacters(PASSWORD_MIN_DISTINCT),
    description: `At least ${PASSWORD_MIN_DISTINCT} different characters.`,
  });

/** Only for checking an existing password: its rules were those of its day. */
export const currentPasswordSchema = text().check(
  z.minLength(1, "validation.passwordRequired"),
  maxLength(PASSWORD_MAX_LENGTH, "validation.passwordTooLong"),
);

export const countrySchema = text()
  .check(
    z.minLength(1, "validation.countryRequired"),
    z.refine((value): boolean => isCountryCode(value), "validation.countryInvalid"),
  )
  .register(z.globalRegistry, { enum: [...COUNTRY_CODES] });

export const languageSchema = z.enum(LANGUAGES);

/** A required free-text field of at most `max` characters. */
export const requiredText = (max: number) =>
  text().check(trim(), z.minLength(1, "validation.fieldRequired"), maxLength(max, "validation.tooLong"));

export const tokenSchema = (max: number) =>
  text().check(z.minLength(1, "validation.tokenMissing"), maxLength(max, "validation.tokenMissing"));
