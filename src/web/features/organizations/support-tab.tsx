import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { usePublicConfig } from "../../lib/public-config.js";

/** Help for organisations: the spec's advice (docs/spec/organisation.md §9) and how to reach the team. */
export function SupportTab() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card>
        <h2 className="text-lg font-bold">{t("dashboard.support.tipsTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("dashboard.support.tipCards")}</li>
          <li>{t("dashboard.support.tipTiming")}</li>
          <li>{t("dashboard.support.tipRenew")}</li>
          <li>{t("dashboard.support.tipRadius")}</li>
        </ul>
      </Card>
      <Card className="space-y-2">
        <h2 className="text-lg font-bold">{t("dashboard.support.contactTitle")}</h2>
        <p className="text-sm text-slate-700">{t("dashboard.support.contactBody")}</p>
        {config.data && (
          <p className="text-sm">
            <a className="font-semibold text-brand underline" href={`mailto:${config.data.supportEmail}`}>
              {config.data.supportEmail}
            </a>
          </p>
        )}
        <ButtonLink to="/contact" variant="secondary">
          {t("dashboard.support.contactPage")}
        </ButtonLink>
      </Card>
    </div>
  );
}
