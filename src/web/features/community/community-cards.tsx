import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";

/** The rules of the chat and the gallery, shown beside both. */
export function GuidelinesCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("community.guidelinesTitle")}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        <li>{t("community.guidelines1")}</li>
        <li>{t("community.guidelines2")}</li>
        <li>{t("community.guidelines3")}</li>
        <li>{t("community.guidelines4")}</li>
      </ul>
    </Card>
  );
}

/** For visitors, where the form would be: they can read, and sign in to take part (and come back here). */
export function SignInToTakePart() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Card className="text-center">
      <h2 className="text-lg font-bold">{t("community.signInTitle")}</h2>
      <p className="mt-1 text-slate-700">{t("community.signInBody")}</p>
      <ButtonLink to={`/auth?redirect=${encodeURIComponent(pathname + search)}`} className="mt-3">
        {t("community.signIn")}
      </ButtonLink>
    </Card>
  );
}
