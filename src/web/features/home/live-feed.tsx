import { useTranslation } from "react-i18next";
import { Radio } from "lucide-react";
import { Card } from "../../components/ui/card.js";
import { useFeed } from "./api/get-feed.js";

export function LiveFeed() {
  const { t, i18n } = useTranslation();
  const feed = useFeed();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Radio size={20} aria-hidden className="text-brand" />
        {t("home.liveFeed")}
      </h2>
      {feed.isPending ? (
        <p className="mt-2 text-slate-700">{t("common.loading")}</p>
      ) : feed.isError ? (
        <p className="mt-2 text-slate-700">{t("home.feedFailed")}</p>
      ) : feed.data.items.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("home.feedEmpty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-live="polite" data-testid="live-feed">
          {feed.data.items.map((item) => (
            <li key={item.actNumber} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span>
                <span className="font-bold text-brand">#{number.format(item.actNumber)}</span>{" "}
                <span className="text-slate-900">
                  {t("home.feedItem", { pseudonym: item.pseudonym, organization: item.organizationName })}
                </span>
              </span>
              <time dateTime={item.scannedAt} className="text-sm text-slate-700">
                {time.format(new Date(item.scannedAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
