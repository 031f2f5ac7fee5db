import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../components/ui/card.js";

const STEPS = [1, 2, 3, 4, 5, 6, 7] as const;

export default function GameRulesPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageTitle intro={t("rules.intro")}>{t("rules.title")}</PageTitle>
      <ol className="space-y-3">
        {STEPS.map((n) => (
          <li key={n} className="flex gap-4 rounded-xl border border-rose-100 bg-white p-4">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white" aria-hidden>
              {n}
            </span>
            <span className="pt-1">{t(`rules.step${n}`)}</span>
          </li>
        ))}
      </ol>
      {/* How a streak freeze is earned and used (issue 60 §3): home mentioned freezes only once one was held. */}
      <Card className="mt-6">
        <h2 className="text-lg font-bold">{t("rules.streaksTitle")}</h2>
        <p className="mt-1 text-slate-700">{t("rules.streaksBody")}</p>
        <p className="mt-2 text-slate-700">{t("rules.freezesBody")}</p>
      </Card>
      <Card className="mt-6 bg-gradient-to-br from-rose-50 to-white text-center">
        <h2 className="text-xl font-bold">{t("rules.readyTitle")}</h2>
        <p className="mt-1 text-slate-700">{t("rules.readyBody")}</p>
        <ButtonLink to="/scan" className="mt-4">
          {t("rules.readyButton")}
        </ButtonLink>
      </Card>
    </Page>
  );
}
