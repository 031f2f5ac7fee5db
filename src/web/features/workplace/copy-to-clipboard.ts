import { useTranslation } from "react-i18next";
import { toast } from "sonner";

/**
 * Copies a value the workplace screens hand out (a link, a token, an
 * identity provider's address) and says so, or says the copy failed (a
 * browser that refuses the clipboard): `copied` is the words for success.
 */
export function useCopyToClipboard(): (value: string, copied: string) => Promise<void> {
  const { t } = useTranslation();
  return async (value, copied) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copied);
    } catch {
      toast.error(t("workplace.employer.copyFailed"));
    }
  };
}
