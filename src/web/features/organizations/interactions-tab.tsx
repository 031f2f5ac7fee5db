import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { useInteractions } from "./api/figures.js";
import { actTypeLabel } from "./act-type-label.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** The organisation's recent acts: number, time, pseudonym (never a name), type, location. */
export function InteractionsTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const pages = useInteractions(organizationId);
  if (pages.isPending) return <LoadingState label={t("common.loading")} />;
  if (pages.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Card>{t("dashboard.interactions.none")}</Card>;
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });
  const number = numberFormat(i18n.language);
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-lg font-bold">{t("dashboard.interactions.title")}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              {t("dashboard.interactions.act")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("dashboard.interactions.when")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("dashboard.interactions.who")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("dashboard.interactions.type")}
            </th>
            <th scope="col" className="py-2">
              {t("dashboard.interactions.where")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.scannedAt}-${index}`} className="border-b border-slate-100">
              <td className="py-2 pr-3 tabular-nums">
                {item.actNumber === null ? "…" : t("common.actNumber", { number: number.format(item.actNumber) })}
              </td>
              <td className="py-2 pr-3">{when.format(new Date(item.scannedAt))}</td>
              <td className="py-2 pr-3">{item.pseudonym ?? "—"}</td>
              <td className="py-2 pr-3">{actTypeLabel(t, item.cardType)}</td>
              <td className="py-2">{item.locationName ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.hasNextPage && (
        <Button variant="secondary" className="mt-3" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? t("common.loading") : t("dashboard.interactions.more")}
        </Button>
      )}
    </Card>
  );
}
