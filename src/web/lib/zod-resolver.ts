import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod/mini";

/**
 * Validates a react-hook-form form with one of the shared zod schemas, so the
 * browser applies exactly the rules the server applies. The first issue of
 * each field wins; its message is a message-file key (see use-field-error).
 */
export function zodResolver<S extends z.ZodMiniType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path.map(String) : ["root"];
      let node = errors;
      for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      const last = path[path.length - 1]!;
      if (!node[last]) node[last] = { type: issue.code, message: issue.message } satisfies FieldError;
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}
