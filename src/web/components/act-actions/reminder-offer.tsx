import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BellRing } from "lucide-react";
import { NOTIFICATION_SETTINGS_PATH, type NotificationChannel } from "../../../shared/schemas/notifications.js";
import { Button } from "../ui/button.js";
import { Card } from "../ui/card.js";
import { api } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { deviceTimeZone } from "../../lib/device-time-zone.js";
import { formatTimeOfDay } from "../../lib/format-day.js";
import { pushCanBeAsked, turnPushOn } from "../../lib/push-device.js";
import { queryKeys } from "../../lib/query-keys.js";

/**
 * "Remind me tomorrow around this time?", on the reveal of an act, when the
 * server offers it (right after a first act; once more on a streak's 2nd day
 * after one "not now"). Yes asks the browser for notifications then, never on
 * a page's load; where it cannot (no push here, blocked, refused), the
 * reminder comes by email. "Not now" is remembered by the server.
 */
export function ReminderOffer() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // Asked after the act is recorded: a cached "no" from before it would hide the offer.
  const offer = useQuery({
    queryKey: queryKeys.reminderOffer,
    queryFn: () => api<{ offered: boolean }>("/me/reminder-offer"),
    staleTime: 0,
    gcTime: 0,
  });
  const [hour] = useState(() => new Date().getHours());
  const time = formatTimeOfDay(hour, i18n.language);
  const accept = useMutation({
    mutationFn: async (): Promise<NotificationChannel> => {
      const channel: NotificationChannel = (await pushCanBeAsked()) && (await turnPushOn()) === "on" ? "push" : "email";
      await api("/me/reminder-offer", { method: "POST", body: { channel, hour, timeZone: deviceTimeZone() } });
      return channel;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.notificationSettings }),
    onError: (error) => showApiError(error, { fallback: t("reminderOffer.failed") }),
  });
  const decline = useMutation({
    mutationFn: () => api("/me/reminder-offer/decline", { method: "POST" }),
    onError: (error) => showApiError(error, { fallback: t("reminderOffer.failed") }),
  });
  const settingsLink = (
    <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-brand-dark underline">
      {t("reminderOffer.settings")}
    </Link>
  );
  if (accept.isSuccess || decline.isSuccess)
    return (
      <Card className="mt-6 text-center" data-testid="reminder-offer">
        <p role="status" className="font-semibold text-slate-900">
          {accept.isSuccess ? t(`reminderOffer.done.${accept.data}`, { time }) : t("reminderOffer.declined")}
        </p>
        <p className="mt-2 text-sm">{settingsLink}</p>
      </Card>
    );
  if (!offer.data?.offered) return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <Card className="mt-6 text-center" data-testid="reminder-offer" aria-labelledby="reminder-offer-heading">
      <BellRing className="mx-auto text-brand" size={28} aria-hidden />
      <h2 id="reminder-offer-heading" className="mt-2 text-lg font-bold">
        {t("reminderOffer.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("reminderOffer.body", { time })}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button disabled={busy} onClick={() => accept.mutate()}>
          {t("reminderOffer.yes")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => decline.mutate()}>
          {t("reminderOffer.notNow")}
        </Button>
      </div>
    </Card>
  );
}
