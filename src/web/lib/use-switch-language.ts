import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Language } from "../../shared/constants.js";
import { changeLanguage } from "./i18n.js";
import { useSession } from "./session.js";
import { useUpdateProfile } from "./update-profile.js";

/** Switches the language; for a signed-in user the choice is also saved on the profile. */
export function useSwitchLanguage() {
  const { user } = useSession();
  const update = useUpdateProfile();
  const { t } = useTranslation();
  return async (language: Language) => {
    await changeLanguage(language);
    if (!user) return;
    try {
      await update.mutateAsync({ languagePreference: language });
      // `t` was made for the previous language; ask for the new one explicitly.
      toast.success(t("profile.languageChanged", { lng: language }));
    } catch {
      toast.error(t("profile.languageFailed", { lng: language }));
    }
  };
}
