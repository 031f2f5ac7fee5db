import { dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { useTranslation } from "react-i18next";
import { Card, Page, PageTitle } from "../../components/ui/card.js";
import { CONSENT_VERSIONS } from "../../../shared/constants.js";
import { formatDay } from "../../lib/format-day.js";

/** Privacy and terms share one layout: a title dated by the version people accept, an introduction, titled sections. */
export function LegalPage({
  namespace,
  sections,
  vars = {},
}: {
  namespace: "privacy" | "terms";
  sections: readonly string[];
  /** Words only the server knows (the privacy officer), for the sections that mention them. */
  vars?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const key = (name: string) => `${namespace}.${name}` as never;
  return (
    <Page>
      <PageTitle intro={t("common.lastUpdated", { date: formatDay(CONSENT_VERSIONS[namespace], i18n.language) })}>
        {t(key("title"))}
      </PageTitle>
      <Card>
        <p>{t(key("intro"))}</p>
        {sections.map((section) => (
          <section key={section} className="mt-5">
            <h2 className="text-lg font-bold">{t(key(`${section}Title`))}</h2>
            <p className="mt-1 text-slate-700">{t(key(`${section}Body`), { ...dailyLimitVars, ...vars })}</p>
          </section>
        ))}
      </Card>
    </Page>
  );
}
