import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { Card, Page, PageTitle } from "../../components/ui/card.js";
import { CameraScanner } from "./camera-scanner.js";
import { TypedCode } from "./typed-code.js";

/** /scan: the in-app camera scanner, and below it how scanning works (the spec's scanner page). */
export default function ScanPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageTitle intro={t("scanInfo.intro")}>{t("scanInfo.title")}</PageTitle>
      <p className="-mt-3 mb-4">
        <a href="#how-to" className="font-medium text-brand-dark underline underline-offset-2">
          {t("scanner.howTo")}
        </a>
      </p>
      <CameraScanner />
      <TypedCode />
      <h2 id="how-to" className="mt-6 mb-3 text-lg font-bold">
        {t("scanner.howTo")}
      </h2>
      <ol className="space-y-3">
        {([1, 2, 3, 4] as const).map((n) => (
          <li key={n} className="flex gap-4 rounded-xl border border-rose-100 bg-white p-4">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white" aria-hidden>
              {n}
            </span>
            <span className="pt-1">{t(`scanInfo.step${n}`)}</span>
          </li>
        ))}
      </ol>
      <Card className="mt-6">
        <h2 className="text-lg font-bold">{t("scanInfo.limitsTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>{t("scanInfo.limitDaily", dailyLimitVars)}</li>
          <li>{t("scanInfo.limitLocation")}</li>
          <li>{t("scanInfo.limitCard")}</li>
        </ul>
        <Link to="/game-rules" className="mt-4 inline-block font-medium text-brand-dark underline">
          {t("scanInfo.rulesLink")}
        </Link>
      </Card>
    </Page>
  );
}
