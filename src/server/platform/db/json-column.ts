/** A JSON value built in SQL: `pg` parses json columns, but one cast to text (or built by string_agg) arrives as a string. */
export const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
