import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.js";

const BENEFITS = ["isolation", "recognition", "climate", "stress", "evidence"] as const;

/** Why kindness is prevention: the intro, five benefits and the conclusion. */
export function PreventionTab() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Card className="space-y-2">
        <h2 className="text-xl font-bold">{t("workplace.prevention.title")}</h2>
        <p className="text-slate-800">{t("workplace.prevention.intro")}</p>
      </Card>
      <div className="grid gap-3 sm:grid-cols-2">
        {BENEFITS.map((benefit) => (
          <Card key={benefit} className="space-y-1">
            <h3 className="font-semibold">{t(`workplace.prevention.benefits.${benefit}.title`)}</h3>
            <p className="text-sm text-slate-700">{t(`workplace.prevention.benefits.${benefit}.text`)}</p>
          </Card>
        ))}
      </div>
      <Card>
        <p className="text-slate-800">{t("workplace.prevention.conclusion")}</p>
      </Card>
    </div>
  );
}
