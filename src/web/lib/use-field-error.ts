import { useTranslation } from "react-i18next";
import type { FieldError } from "react-hook-form";

/** Shared zod schemas carry message-file keys; this turns a field error into words. */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const key = error.message;
    return key.includes(".") ? t(key as never) : key;
  };
}
