// zod/mini, like every shared schema (the browser bundles it).
import { z } from "zod/mini";

/*
 * Rules JSON Schema cannot see (a refinement, a trim before a length) are
 * described next to the check that applies them, so that the API's document
 * states them (the server's openapi-document.ts reads the descriptions): a
 * client generated from it, or a fuzzer, then sends what the server takes.
 */
export interface CheckInDocument {
  /** A pattern the text matches. */
  pattern?: string;
  /** A pattern the text never matches. */
  notPattern?: string;
  /** Lengths count the text once its surrounding spaces are gone. */
  trimmed?: true;
  /** At most this many characters (code points) or items. */
  maxLength?: number;
  /** A format JSON Schema names ("uri", "date"), when the check requires one. */
  format?: "uri" | "date";
  /** A rule between an object's fields, which JSON Schema cannot state: its field and the rule in words. */
  crossField?: { field: string; rule: string };
}
const DESCRIBED = new WeakMap<object, CheckInDocument>();

/** Says what a zod check asks in JSON Schema's words, for the API's document; returns the check. */
export function described<T extends object>(check: T, rule: CheckInDocument): T {
  DESCRIBED.set(check, rule);
  return check;
}
/** What a check was described as, if it was. */
export const describedAs = (check: unknown): CheckInDocument | undefined => DESCRIBED.get(check as object);

/**
 * PostgreSQL's text type cannot hold U+0000: a string carrying one would reach
 * the database and fail there with a 500. Every string field of every request
 * schema starts from `text()`, so a NUL is a 400 that names the field.
 */
export const text = () =>
  z.string().check(
    described(
      z.refine<string>((value) => !value.includes("\u0000"), "validation.invalidCharacters"),
      { notPattern: "\\u0000" },
    ),
  );

/**
 * At most `max` characters, counted as people and JSON Schema count them
 * (code points: "😀" is one), where zod's own `maxLength` counts UTF-16 units
 * and would refuse a name of emoji the document allows. Also for arrays (items).
 */
export const maxLength = (max: number, message?: string) =>
  described(
    z.refine<string | readonly unknown[]>((value) => (typeof value === "string" ? [...value].length : value.length) <= max, message),
    { maxLength: max },
  );

/** `z.trim()`, described: a required field of spaces only is empty, and the document says so. */
export const trim = () => described(z.trim(), { trimmed: true });

/** How far a device's clock may be from the server's before its timestamp is refused. */
export const CLIENT_CLOCK_TOLERANCE_MS = 24 * 60 * 60 * 1000;

// Real-world UTC offsets run from -12:00 to +14:00; PostgreSQL refuses ±16:00 and beyond.
const SANE_OFFSET = /(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)$/;

/**
 * A timestamp taken by the user's device: ISO 8601 with an offset, a real-world
 * offset, and within a day of the server's clock, so that dates PostgreSQL
 * cannot store (year 0000, 9999-12-31T23:59 with an offset) are a 400.
 */
export const clientTimestampSchema = z.iso.datetime({ offset: true }).check(
  z.refine((value: string) => {
    if (!SANE_OFFSET.test(value)) return false;
    const at = Date.parse(value);
    return Number.isFinite(at) && Math.abs(at - Date.now()) <= CLIENT_CLOCK_TOLERANCE_MS;
  }, "validation.clientTimeInvalid"),
);
