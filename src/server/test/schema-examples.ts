import { randomUUID } from "node:crypto";

/*
 * Requests a client could send by the API's document alone: for a JSON
 * Schema, a few values it allows, chosen where servers disagree with their
 * documents (the shortest and the longest strings, blank-looking text, the
 * smallest and the largest numbers, an object with only what is required).
 * What the API fuzz test sends; a stand-in for a third-party fuzzer that
 * needs no network.
 */

export interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  not?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minProperties?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  examples?: unknown[];
}

/** The variants each value is asked in: the least it may be, the most, and (for text) blank-looking. */
export const VARIANTS = ["least", "most", "blank"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Text that fits common patterns; the first that a field's pattern and lengths allow is sent. */
const PATTERN_CANDIDATES = [
  "Velo-Tiramisu-83",
  "Kindness",
  "kind123",
  "2026-11-27",
  "514 555-0199",
  "abcdefghijABCDEFGHIJ0123456789_-abcdefghijk",
  // A calendar feed's address: its token and the file name calendars expect.
  "abcdefghijABCDEFGHIJ0123456789_-abcdefghijk.ics",
  "abcdefghijklmnopqrstuvwxyz",
  "KC-ABCD-EFGH-JKMN",
  // An employer's email domain.
  "clinique.example",
  // An identity provider's issuer (single sign-on).
  "https://idp.example.test/tenant",
  "abcd==",
  "a/b+c_d-e",
  "Zoé",
];

/** `length` characters (code points, as JSON Schema counts them) of `unit` repeated. */
const filler = (length: number, unit: string) => {
  const characters = [...unit];
  return Array.from({ length }, (_, i) => characters[i % characters.length]).join("");
};

function matches(schema: Schema, value: string): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((pattern) => pattern !== undefined);
  if (patterns.some((pattern) => !new RegExp(pattern, "u").test(value))) return false;
  if (schema.not?.pattern && new RegExp(schema.not.pattern, "u").test(value)) return false;
  return true;
}

function text(schema: Schema, variant: Variant): string | undefined {
  if (schema.format === "date") return "2026-11-27";
  if (schema.format === "date-time") return new Date().toISOString();
  if (schema.format === "email") return variant === "most" ? `${filler(40, "kind")}@example.com` : "kind@example.com";
  // An address every uri field takes, push endpoints included (a browser push service's).
  if (schema.format === "uri") return "https://fcm.googleapis.com/fcm/send/kindness";
  if (schema.format === "uuid") return randomUUID();
  const least = Math.max(schema.minLength ?? 0, 1);
  const most = Math.min(schema.maxLength ?? 200, 5000);
  const wanted =
    variant === "least"
      ? [filler(least, "a"), ...PATTERN_CANDIDATES]
      : variant === "most"
        ? [filler(most, "Zoé 😀 a "), filler(most, "Zoé a "), filler(most, "a"), ...PATTERN_CANDIDATES]
        : [filler(least, " ")];
  return wanted.find((candidate) => matches(schema, candidate));
}

function number(schema: Schema, variant: Variant, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const low =
    typeof schema.exclusiveMinimum === "number"
      ? schema.exclusiveMinimum + step
      : schema.exclusiveMinimum === true
        ? schema.minimum! + step
        : schema.minimum;
  const high =
    typeof schema.exclusiveMaximum === "number"
      ? schema.exclusiveMaximum - step
      : schema.exclusiveMaximum === true
        ? schema.maximum! - step
        : schema.maximum;
  if (variant === "most") return high ?? (integer ? 2_147_483_647 : 1e9);
  return low ?? 0;
}

/** A value `schema` allows, in `variant`; undefined when none can be made (a blank text the schema refuses, say). */
export function exampleOf(schema: Schema, variant: Variant): unknown {
  if (schema.enum) return variant === "most" ? schema.enum.at(-1) : schema.enum[0];
  // `allOf` holds extra patterns of a string (checked by `matches`), or parts of a schema without a type of its own.
  if (schema.allOf && !schema.type) return exampleOf(Object.assign({}, ...schema.allOf) as Schema, variant);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return exampleOf(choices[variant === "most" ? choices.length - 1 : 0]!, variant);
  switch (schema.type) {
    case "string":
      return text(schema, variant);
    case "integer":
    case "number":
      return number(schema, variant, schema.type === "integer");
    case "boolean":
      return variant !== "most";
    case "array": {
      const count = variant === "most" ? Math.min(schema.maxItems ?? 3, 50) : (schema.minItems ?? 0);
      const item = exampleOf(schema.items ?? {}, variant) ?? exampleOf(schema.items ?? {}, "least");
      return Array.from({ length: count }, () => item);
    }
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      const asked = variant === "least" ? properties.filter(([name]) => schema.required?.includes(name)) : properties;
      // An object that must hold something gets its first property when nothing is required.
      const chosen = asked.length === 0 && (schema.minProperties ?? 0) > 0 ? properties.slice(0, schema.minProperties) : asked;
      const value: Record<string, unknown> = {};
      for (const [name, property] of chosen) {
        const example = exampleOf(property, variant) ?? exampleOf(property, "least");
        if (example !== undefined) value[name] = example;
      }
      return value;
    }
    default:
      return variant === "most" ? "kindness" : 1;
  }
}
