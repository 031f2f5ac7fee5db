import { useTranslation } from "react-i18next";
import { Users } from "lucide-react";

/**
 * Work teams and walking teams are announced but not open yet (spec: both
 * "Coming Soon"): one line says so, instead of forms nobody can use.
 */
export function TeamsComingSoon() {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <Users size={18} aria-hidden className="text-slate-500" />
      <span className="font-semibold text-slate-900">{t("teams.title")}</span>
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("teams.comingSoon")}</span>
      <span>{t("teams.oneLine")}</span>
    </p>
  );
}
