import { nameIn } from "../../../shared/i18n/localized-text.js";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { useMarkNotificationsRead, useNotifications } from "./api/notifications.js";
import { dateFormat } from "../../../shared/i18n/format.js";
import { NOTIFICATION_SETTINGS_PATH } from "../../../shared/schemas/notifications.js";

/** News of the portable cards I passed on and follow: where they went next. Nothing when there is none. */
export default function CardNews() {
  const { t, i18n } = useTranslation();
  const news = useNotifications();
  const markRead = useMarkNotificationsRead();
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (!news.data || news.data.notifications.length === 0) return null;
  return (
    <Card aria-labelledby="card-news-heading" className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="card-news-heading" className="text-lg font-bold">
          {t("cardNews.title")}
          {news.data.unread > 0 && (
            <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">
              {t("cardNews.unread", { count: news.data.unread })}
            </span>
          )}
        </h2>
        {news.data.unread > 0 && (
          <Button variant="ghost" disabled={markRead.isPending} onClick={() => markRead.mutate()}>
            {t("cardNews.markRead")}
          </Button>
        )}
      </div>
      <ul className="mt-2 divide-y divide-slate-100">
        {news.data.notifications.map((item) => (
          <li key={item.id} className={`py-2 ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>
            <p>
              {t("cardNews.moved", {
                card: nameIn(item.cardName, item.cardTranslations, i18n.language),
                organization: item.organizationName,
                people: item.people,
              })}
            </p>
            <p className="text-sm font-normal text-slate-600">
              <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
              {" · "}
              <Link to={`/cards/${item.cardId}`} className="font-semibold text-brand underline underline-offset-2">
                {t("cardNews.see")}
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-brand underline underline-offset-2">
          {t("cardNews.settings")}
        </Link>
      </p>
    </Card>
  );
}
