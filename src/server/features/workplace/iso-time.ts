/** A database timestamp as ISO 8601 for the API, or null when there is none. */
export const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
