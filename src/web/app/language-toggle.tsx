import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Language } from "../../shared/constants.js";
import { useSession, useSetSessionUser } from "../features/auth/api/session.js";
import { api } from "../lib/api.js";
import { changeLanguage } from "../lib/i18n.js";
import type { Profile } from "../../shared/schemas/profile.js";
import { useHydrated } from "../lib/use-hydrated.js";

/** Switches the language; for a signed-in user the choice is also saved on the profile. */
export function useSwitchLanguage() {
  const { user } = useSession();
  const setUser = useSetSessionUser();
  const client = useQueryClient();
  const { t } = useTranslation();
  return async (language: Language) => {
    await changeLanguage(language);
    if (!user) return;
    try {
      const profile = await api<Profile>("/me", { method: "PATCH", body: { languagePreference: language } });
      setUser(profile);
      void client.invalidateQueries({ queryKey: ["profile"] });
      // `t` was made for the previous language; ask for the new one explicitly.
      toast.success(t("profile.languageChanged", { lng: language }));
    } catch {
      toast.error(t("profile.languageFailed", { lng: language }));
    }
  };
}

export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const next: Language = i18n.language === "fr" ? "en" : "fr";
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void switchLanguage(next)}
      lang={next}
      aria-label={next === "fr" ? t("nav.switchToFrench") : t("nav.switchToEnglish")}
      className="fixed right-3 top-3 z-30 flex h-11 min-w-11 items-center justify-center rounded-full border border-slate-300 bg-white px-3 text-sm font-bold text-slate-800 shadow-sm hover:bg-slate-50"
    >
      {next.toUpperCase()}
    </button>
  );
}
