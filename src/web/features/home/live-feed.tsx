import { memo, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Radio } from "lucide-react";
import { Card } from "../../components/ui/card.js";
import { formatRelativeTime, useNow } from "../../lib/format.js";
import type { FeedItem } from "../../../shared/schemas/stats.js";
import { useFeed } from "./api/get-feed.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** "2 min ago", with the exact date and time shown on hover or keyboard focus (and read with it). */
function RelativeTime({ at, now, exact }: { at: Date; now: Date; exact: Intl.DateTimeFormat }) {
  const { i18n } = useTranslation();
  const full = exact.format(at);
  return (
    <time
      dateTime={at.toISOString()}
      tabIndex={0}
      className="group relative text-sm text-slate-700 focus:outline-none focus-visible:underline"
    >
      {formatRelativeTime(at, now, i18n.language)}
      <span className="sr-only"> ({full})</span>
      <span
        aria-hidden
        className="invisible absolute bottom-full right-0 z-10 mb-1 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs text-white group-hover:visible group-focus:visible"
      >
        {full}
      </span>
    </time>
  );
}

/** The latest acts. Memoised and deferred as the home page's counters are (home-page.tsx). */
export const LiveFeed = memo(function LiveFeed() {
  const { t } = useTranslation();
  const feed = useFeed();
  const items = useDeferredValue(feed.data?.items);
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Radio size={20} aria-hidden className="text-brand" />
        {t("home.liveFeed")}
      </h2>
      {items ? (
        items.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("home.feedEmpty")}</p>
        ) : (
          <FeedList items={items} />
        )
      ) : feed.isError ? (
        <p className="mt-2 text-slate-700">{t("home.feedFailed")}</p>
      ) : (
        <p className="mt-2 text-slate-700">{t("common.loading")}</p>
      )}
    </Card>
  );
});

/** The formatters are made once the list is there: a phone's first date or number format costs it tens of milliseconds. */
function FeedList({ items }: { items: FeedItem[] }) {
  const { t, i18n } = useTranslation();
  const exact = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const now = useNow();
  const number = numberFormat(i18n.language);
  return (
    <ul className="mt-3 divide-y divide-slate-100" aria-live="polite" data-testid="live-feed">
      {items.map((item) => (
        <li key={item.actNumber} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <span>
            <span className="font-bold text-brand">{t("common.actNumber", { number: number.format(item.actNumber) })}</span>{" "}
            <span className="text-slate-900">{t("home.feedItem", { pseudonym: item.pseudonym, organization: item.organizationName })}</span>
          </span>
          <RelativeTime at={new Date(item.scannedAt)} now={now} exact={exact} />
        </li>
      ))}
    </ul>
  );
}
