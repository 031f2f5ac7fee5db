import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.js";
import { useParams } from "react-router";
import { Heart, QrCode } from "lucide-react";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../components/ui/card.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { useSession } from "../../lib/session.js";
import { usePublicAct } from "./api/get-public-act.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/**
 * /acts/<number>: a shared act, for anyone (issue 26 §3). The server sends
 * this page with its Open Graph tags; here the visitor sees the card as its
 * share image draws it, and the way in. Nothing private: see publicActSchema.
 */
export default function PublicActPage() {
  const { t, i18n } = useTranslation();
  const { number } = useParams();
  const actNumber = /^\d{1,15}$/.test(number ?? "") ? Number(number) : null;
  const act = usePublicAct(actNumber);
  const { user } = useSession();
  if (actNumber !== null && act.isPending) return <LoadingState label={t("common.loading")} />;
  if (!act.data) {
    return (
      <Page narrow>
        <Card>
          <StatusPanel tone="error" title={t("actPage.notFoundTitle")} actions={<ButtonLink to="/">{t("common.goHome")}</ButtonLink>}>
            {t("actPage.notFound")}
          </StatusPanel>
        </Card>
      </Page>
    );
  }
  const shown = act.data;
  const formatted = numberFormat(i18n.language).format(shown.actNumber);
  const day = dateFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${shown.day}T12:00:00Z`));
  return (
    <Page narrow>
      <h1 className="text-center text-2xl font-bold">{t("actPage.title", { number: formatted })}</h1>
      <p className="mt-1 text-center text-slate-700">
        {shown.username ? t("actPage.sharedBy", { username: shown.username }) : t("actPage.intro")}
      </p>
      <img
        src={`/api/acts/${shown.actNumber}/image?format=story&lang=${currentLanguage()}`}
        alt={t("actPage.imageAlt", { number: formatted, rarity: t(`rarity.${shown.rarity}`), organization: shown.organizationName, day })}
        width={1080}
        height={1920}
        className="mx-auto mt-4 h-auto w-full max-w-xs rounded-2xl shadow-lg"
      />
      <Card className="mt-6 text-center">
        <Heart size={28} aria-hidden className="mx-auto text-brand" />
        <h2 className="mt-2 text-lg font-bold">{t("actPage.joinTitle")}</h2>
        <p className="mt-1 text-slate-700">{t("actPage.joinBody")}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          {user ? (
            <ButtonLink to="/scan">
              <QrCode size={18} aria-hidden />
              {t("actPage.scan")}
            </ButtonLink>
          ) : (
            <ButtonLink to="/auth?tab=signup">{t("actPage.signUp")}</ButtonLink>
          )}
          <ButtonLink to="/map" variant="secondary">
            {t("actPage.map")}
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
