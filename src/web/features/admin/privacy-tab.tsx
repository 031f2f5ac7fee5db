import { useTranslation } from "react-i18next";
import { Card, LoadingState } from "../../components/ui/card.js";
import { useDeletionRequests } from "./api/deletion-requests.js";
import { dateFormat } from "../../../shared/i18n/format.js";

/** Law 25: the accounts asked to be deleted, when each is (or was) purged. */
export function PrivacyTab() {
  const { t, i18n } = useTranslation();
  const requests = useDeletionRequests();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  if (requests.isPending) return <LoadingState label={t("common.loading")} />;
  if (requests.isError) return <Card role="alert">{t("admin.loadFailed")}</Card>;
  const rows = requests.data.requests;
  return (
    <section aria-labelledby="privacy-title" className="space-y-4">
      <h2 id="privacy-title" className="text-xl font-bold">
        {t("admin.privacy.title")}
      </h2>
      <p className="text-slate-700">{t("admin.privacy.intro")}</p>
      {rows.length === 0 ? (
        <Card>{t("admin.privacy.empty")}</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("admin.privacy.title")}</caption>
            <thead>
              <tr className="text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  {t("admin.privacy.account")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.privacy.requested")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.privacy.purge")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="py-2 pr-3">
                    {row.username ? (
                      <>
                        <span className="font-medium">{row.username}</span>
                        <span className="block text-slate-600">{row.email}</span>
                      </>
                    ) : (
                      <span className="text-slate-600">{t("admin.privacy.erased")}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3">{day.format(new Date(row.requestedAt))}</td>
                  <td className="py-2 pr-3">
                    {row.purgedAt
                      ? t("admin.privacy.purgedOn", { date: day.format(new Date(row.purgedAt)) })
                      : t("admin.privacy.purgeBy", { date: day.format(new Date(row.purgeAfter)) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
