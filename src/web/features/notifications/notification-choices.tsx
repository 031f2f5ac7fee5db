import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_REMINDER_HOUR,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from "../../../shared/schemas/notifications.js";
import { Button } from "../../components/ui/button.js";
import { Link } from "react-router";
import { Card, LoadingState, Page } from "../../components/ui/card.js";
import { CheckboxField } from "../../components/ui/checkbox-field.js";
import { showApiError } from "../../lib/api-errors.js";
import { pushDeviceState, turnPushOff, turnPushOn, type PushDeviceState } from "../../lib/push-device.js";
import { queryKeys } from "../../lib/query-keys.js";
import { useNotificationSettings, useSaveNotificationChoice, useSaveStreakReminder } from "./api/notification-settings.js";
import { ReminderHour } from "./reminder-hour.js";
import { deviceTimeZone } from "../../lib/device-time-zone.js";

/**
 * A kind's words: the server says which kinds there are (each feature declares
 * its own), the message files name each under profile.notifications.kinds.
 */
const kindKey = (kind: NotificationKind, part: "label" | "hint") => `profile.notifications.kinds.${kind}.${part}` as never;
const CHANNELS: NotificationChannel[] = ["push", "email"];

/** This device: can it receive notifications, and a button to turn them on or off here. */
function ThisDevice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushDeviceState | "checking">("checking");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushDeviceState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);
  const change = async (turn: () => Promise<PushDeviceState>) => {
    setBusy(true);
    try {
      setState(await turn());
      await queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings });
    } catch (error) {
      showApiError(error, { fallback: t("profile.notifications.deviceFailed") });
    } finally {
      setBusy(false);
    }
  };
  if (state === "checking") return <p className="mt-3 text-sm text-slate-600">{t("profile.notifications.checking")}</p>;
  return (
    <div className="mt-3 rounded-xl bg-rose-50 p-3">
      <p className="text-sm text-slate-800" role="status">
        {t(`profile.notifications.device.${state}`)}
      </p>
      {state === "off" && (
        <Button className="mt-2" disabled={busy} onClick={() => void change(turnPushOn)}>
          {t("profile.notifications.turnOn")}
        </Button>
      )}
      {state === "on" && (
        <Button variant="secondary" className="mt-2" disabled={busy} onClick={() => void change(turnPushOff)}>
          {t("profile.notifications.turnOff")}
        </Button>
      )}
    </div>
  );
}

/**
 * One kind's choices: push and email, each saved as it is ticked. The streak
 * reminder also has its hour; turned on before one was chosen, it starts at
 * the default hour in this device's time zone.
 */
function KindChoices({
  kind,
  saved,
  reminder,
  emailUntilPush,
}: {
  kind: NotificationKind;
  saved: Record<NotificationChannel, boolean>;
  reminder: NotificationSettings["reminder"];
  /** The email goes only while no device of the person's takes pushes (EMAIL_UNTIL_PUSH). */
  emailUntilPush: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveNotificationChoice();
  const saveReminder = useSaveStreakReminder();
  const [shown, setShown] = useState(saved);
  useEffect(() => setShown(saved), [saved]);
  return (
    <fieldset className="py-2">
      <legend className="font-semibold text-slate-900">{t(kindKey(kind, "label"))}</legend>
      <p className="text-sm text-slate-600">{t(kindKey(kind, "hint"))}</p>
      <div className="mt-1 flex flex-wrap gap-x-6">
        {CHANNELS.map((channel) => (
          <CheckboxField
            key={channel}
            label={t(`profile.notifications.channels.${channel}`)}
            checked={shown[channel]}
            onChange={(enabled) => {
              setShown((current) => ({ ...current, [channel]: enabled }));
              if (kind === "streakReminder" && enabled && !reminder)
                saveReminder.mutate({ hour: DEFAULT_REMINDER_HOUR, timeZone: deviceTimeZone() });
              save.mutate(
                { kind, channel, enabled },
                {
                  onError: (error) => {
                    setShown((current) => ({ ...current, [channel]: !enabled }));
                    showApiError(error, { fallback: t("profile.privacy.saveFailed") });
                  },
                },
              );
            }}
          />
        ))}
      </div>
      {emailUntilPush && shown.email && <p className="text-sm text-slate-600">{t("profile.notifications.emailUntilPush")}</p>}
      {kind === "streakReminder" && (shown.push || shown.email) && <ReminderHour reminder={reminder} />}
    </fieldset>
  );
}

/**
 * The notification settings page (/settings/notifications): what Kindly
 * tells the person, each kind with its channels, and whether this device
 * receives pushes. Linked from the profile and from every notification.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <Page>
      <section aria-labelledby="notifications-heading">
        <header className="mb-4 space-y-2">
          <h1 id="notifications-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t("profile.notifications.title")}
          </h1>
          <p className="text-slate-700">{t("profile.notifications.intro")}</p>
        </header>
        <Card>
          <ThisDevice />
          {settings.isPending && <LoadingState label={t("common.loading")} />}
          {settings.isError && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {t("profile.notifications.loadFailed")}
            </p>
          )}
          {settings.data && (
            <div className="mt-2 divide-y divide-slate-100">
              {Object.entries(settings.data.kinds).map(([kind, saved]) => (
                <KindChoices
                  key={kind}
                  kind={kind}
                  saved={saved}
                  reminder={settings.data.reminder}
                  emailUntilPush={settings.data.emailUntilPush.includes(kind)}
                />
              ))}
            </div>
          )}
        </Card>
        <p className="mt-6">
          <Link to="/profile" className="font-semibold text-brand-dark underline">
            {t("profile.notifications.backToProfile")}
          </Link>
        </p>
      </section>
    </Page>
  );
}
