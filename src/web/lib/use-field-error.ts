import { useTranslation } from "react-i18next";
import type { FieldError } from "react-hook-form";

/**
 * Every field error is a message-file key: the shared zod schemas' messages,
 * `errors.<code>` for a field the server named (api-errors.ts), and the
 * forms' own checks. This turns one into words in the current language.
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: Pick<FieldError, "message"> | undefined): string | undefined => (error?.message ? t(error.message as never) : undefined);
}
