import { useTranslation } from "react-i18next";
import { DEFAULT_REMINDER_HOUR, type NotificationSettings } from "../../../shared/schemas/notifications.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSaveStreakReminder } from "./api/notification-settings.js";
import { formatTimeOfDay } from "../../lib/format-day.js";
import { deviceTimeZone } from "../../lib/device-time-zone.js";

/**
 * The streak reminder's hour, in the person's own time zone: saved as it is
 * chosen, with this device's zone; a zone saved from elsewhere (a trip) can be
 * replaced by this device's in one tap.
 */
export function ReminderHour({ reminder }: { reminder: NotificationSettings["reminder"] }) {
  const { t, i18n } = useTranslation();
  const save = useSaveStreakReminder();
  const here = deviceTimeZone();
  const hour = reminder?.hour ?? DEFAULT_REMINDER_HOUR;
  const choose = (next: { hour: number; timeZone: string }) =>
    save.mutate(next, { onError: (error) => showApiError(error, { fallback: t("profile.privacy.saveFailed") }) });
  return (
    <div className="mt-2">
      <label className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        {t("profile.notifications.reminder.at")}
        <select
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
          value={hour}
          disabled={save.isPending}
          onChange={(event) => choose({ hour: Number(event.target.value), timeZone: here })}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {formatTimeOfDay(h, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-1 text-sm text-slate-600">{t("profile.notifications.reminder.zone", { zone: reminder?.timeZone ?? here })}</p>
      {reminder && reminder.timeZone !== here && (
        <button
          type="button"
          className="mt-1 min-h-11 text-sm font-semibold text-brand underline"
          onClick={() => choose({ hour, timeZone: here })}
        >
          {t("profile.notifications.reminder.useThisZone", { zone: here })}
        </button>
      )}
    </div>
  );
}
