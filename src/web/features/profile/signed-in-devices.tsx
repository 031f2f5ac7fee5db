import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { ActiveSession } from "../../../shared/schemas/auth.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSignedInDevices, useSignOutDevice, useSignOutEverywhere } from "./api/signed-in-devices.js";
import { dateFormat, displayNames } from "../../../shared/i18n/format.js";

function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, system }: ActiveSession) =>
    browser && system ? t("profile.devices.browserOn", { browser, system }) : (browser ?? system ?? t("profile.devices.unknown"));
}

/** The devices signed in to the account, with a way to sign any of them out, or all. */
export function SignedInDevices() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const devices = useSignedInDevices();
  const countries = displayNames(i18n.language, { type: "region" });
  const signOutDevice = useSignOutDevice();
  const signOutEverywhere = useSignOutEverywhere();
  const deviceName = useDeviceName();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });

  const everywhere = () =>
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("profile.devices.signedOutEverywhere"));
        navigate("/", { replace: true });
      },
      onError: (error) => showApiError(error, { fallback: t("profile.devices.failed") }),
    });

  return (
    <Card aria-labelledby="devices-heading" className="mt-6">
      <h2 id="devices-heading" className="text-lg font-bold">
        {t("profile.devices.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.devices.intro")}</p>
      {devices.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : devices.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {t("profile.devices.loadFailed")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-rose-100">
          {devices.data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{deviceName(session)}</span>
                {session.current && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900">
                    {t("profile.devices.thisDevice")}
                  </span>
                )}
                <span className="block text-sm text-slate-600">
                  {session.country
                    ? t("profile.devices.lastActiveFrom", {
                        date: day.format(new Date(session.lastSeenAt)),
                        country: countries.of(session.country) ?? session.country,
                      })
                    : t("profile.devices.lastActive", { date: day.format(new Date(session.lastSeenAt)) })}
                </span>
              </span>
              {!session.current && (
                <Button
                  variant="secondary"
                  aria-label={t("profile.devices.signOutOne", { device: deviceName(session) })}
                  disabled={signOutDevice.isPending}
                  onClick={() =>
                    signOutDevice.mutate(session.id, {
                      onSuccess: () => toast.success(t("profile.devices.signedOutOne", { device: deviceName(session) })),
                      onError: (error) => showApiError(error, { fallback: t("profile.devices.failed") }),
                    })
                  }
                >
                  {t("profile.devices.signOut")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="danger" className="mt-3" onClick={everywhere} disabled={signOutEverywhere.isPending}>
        {t("profile.devices.signOutEverywhere")}
      </Button>
    </Card>
  );
}
