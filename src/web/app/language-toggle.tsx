import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGE_DETAILS, nextLanguage, DEFAULT_LANGUAGE } from "../../shared/i18n/languages.js";
import { useHydrated } from "../lib/use-hydrated.js";
import { useSwitchLanguage } from "../lib/use-switch-language.js";

export function LanguageToggle() {
  const { i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const next = nextLanguage(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void switchLanguage(next)}
      lang={next}
      // The name starts with the visible "FR" (WCAG 2.5.3), then says what the button does.
      aria-label={`${next.toUpperCase()} – ${LANGUAGE_DETAILS[next].switchTo}`}
      className="flex h-11 min-w-11 items-center justify-center rounded-full border border-slate-300 bg-white px-3 text-sm font-bold text-slate-800 shadow-sm hover:bg-slate-50"
    >
      {next.toUpperCase()}
    </button>
  );
}
