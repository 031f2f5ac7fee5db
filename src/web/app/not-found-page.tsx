import { useTranslation } from "react-i18next";
import { ButtonLink } from "../components/ui/button.js";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 text-slate-700">{t("notFound.body")}</p>
      <ButtonLink to="/" className="mt-6">
        {t("notFound.home")}
      </ButtonLink>
    </div>
  );
}
