import { useTranslation } from "react-i18next";

/**
 * A field error is a message-file key (the shared zod schemas' messages and
 * the forms' own checks), which this turns into words in the current
 * language; or, for a field the server named (api-errors.ts), the server's
 * own words, already translated, shown as they are.
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: { message?: string; type?: unknown } | undefined): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === "server" ? error.message : t(error.message as never);
  };
}
