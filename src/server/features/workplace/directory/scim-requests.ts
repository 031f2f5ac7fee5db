import type Scim from "scimmy";

/*
 * SCIM requests as identity providers really send them (issue 58 §6), made
 * into what RFC 7644 says before SCIMMY reads them:
 * - Microsoft Entra ID's default PATCH: "Replace"/"Add" capitalised,
 *   booleans as the strings "True"/"False", a replace without a path whose
 *   value holds dotted attribute names ("name.familyName"), and the work
 *   email set through `emails[type eq "work"].value`. Its compliant form
 *   (the aadOptscim062020 flag) passes through unchanged.
 * - Filters are checked against the User schema before anything is listed:
 *   a malformed one, an unknown attribute or a comparison without its value
 *   is 400 invalidFilter, never a 500 nor the whole list.
 */

type ScimTypes = typeof Scim;
type Operation = { op?: unknown; path?: unknown; value?: unknown };

const BOOLEAN_ATTRIBUTES = new Set(["active", "primary"]);
const WORK_EMAIL_PATH = /^emails\[type eq "([A-Za-z]+)"\]\.value$/i;

/** "True"/"False" (any case) as booleans where the schema holds a boolean; anything else there is refused. */
function booleanOf(scim: ScimTypes, name: string, value: unknown): unknown {
  if (typeof value === "boolean" || !BOOLEAN_ATTRIBUTES.has(name.split(".").pop()!.toLowerCase())) return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new scim.Types.Error(400, "invalidValue", `${name} must be true or false`);
}

/** A value object with dotted names ("name.familyName") as nested attributes, booleans made booleans. */
function nestedValue(scim: ScimTypes, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(value)) {
    const parts = name.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts.at(-1)!] = booleanOf(scim, name, raw);
  }
  return out;
}

/** The PATCH body as RFC 7644 §3.5.2 writes it. */
export function compliantPatch(scim: ScimTypes, body: unknown): unknown {
  if (!body || typeof body !== "object" || !Array.isArray((body as { Operations?: unknown }).Operations)) return body;
  const operations = ((body as { Operations: Operation[] }).Operations ?? []).map((operation) => {
    if (!operation || typeof operation !== "object") return operation;
    const op = typeof operation.op === "string" ? operation.op.toLowerCase() : operation.op;
    const path = typeof operation.path === "string" ? operation.path : undefined;
    if (path && WORK_EMAIL_PATH.test(path) && (op === "add" || op === "replace") && typeof operation.value === "string") {
      const type = WORK_EMAIL_PATH.exec(path)![1]!.toLowerCase();
      return { op: "replace", path: "emails", value: [{ value: operation.value, type, primary: true }] };
    }
    if (path) return { ...operation, op, value: booleanOf(scim, path, operation.value) };
    if (operation.value && typeof operation.value === "object" && !Array.isArray(operation.value)) {
      return { ...operation, op, value: nestedValue(scim, operation.value as Record<string, unknown>) };
    }
    return { ...operation, op };
  });
  return { ...(body as object), Operations: operations };
}

const OPERATORS = new Set(["eq", "ne", "co", "sw", "ew", "gt", "lt", "ge", "le", "pr", "np"]);

/** The filter SCIMMY parsed, when every attribute is the User schema's and every comparison is whole; otherwise a SCIM 400 invalidFilter. */
export function checkedFilter(scim: ScimTypes, text: string): Scim.Types.Filter {
  const invalid = (why: string) => new scim.Types.Error(400, "invalidFilter", `The filter is not valid: ${why}`);
  if (!text.trim()) throw invalid("it is empty");
  // A sub-attribute after a value filter is a PATCH path (RFC 7644 §3.5.2), not a filter (§3.4.2.2): SCIMMY would read it as one.
  if (/\]\s*\./.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) throw invalid("a value filter cannot be followed by a sub-attribute");
  let filter: Scim.Types.Filter;
  try {
    filter = new scim.Types.Filter(text);
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : "it cannot be read");
  }
  const attributes = scim.Schemas.User.definition.attributes;
  const checkCondition = (name: string, condition: unknown) => {
    if (!Array.isArray(condition) || !OPERATORS.has(String(condition[0]).toLowerCase())) throw invalid(`${name} has no operator`);
    const unary = ["pr", "np"].includes(String(condition[0]).toLowerCase());
    if (!unary && (condition.length < 2 || condition[1] === undefined)) throw invalid(`${name} ${String(condition[0])} has no value`);
  };
  const checkExpression = (expression: Record<string, unknown>) => {
    for (const [name, condition] of Object.entries(expression)) {
      const attribute = attributes.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      if (!attribute) throw invalid(`${name} is not an attribute of a User`);
      if (Array.isArray(condition)) {
        checkCondition(name, condition);
        continue;
      }
      const subAttributes = (attribute as { subAttributes?: { name: string }[] }).subAttributes ?? [];
      if (!condition || typeof condition !== "object" || subAttributes.length === 0) throw invalid(`${name} cannot be compared so`);
      for (const [sub, subCondition] of Object.entries(condition as Record<string, unknown>)) {
        if (!subAttributes.some((candidate) => candidate.name.toLowerCase() === sub.toLowerCase())) {
          throw invalid(`${name}.${sub} is not an attribute of a User`);
        }
        checkCondition(`${name}.${sub}`, subCondition);
      }
    }
  };
  for (const expression of filter as unknown as Record<string, unknown>[]) checkExpression(expression);
  return filter;
}
