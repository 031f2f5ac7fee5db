import { lazy, Suspense, useState } from "react";
import { greetingName } from "../../lib/greeting-name.js";
import { LANGUAGE_DETAILS, LANGUAGES } from "../../../shared/i18n/languages.js";
import { loadMessages } from "../../lib/i18n.js";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { countryName } from "../../../shared/countries.js";
import { CountryBadge } from "../../components/ui/country-badge.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../components/ui/card.js";
import { CountrySelect } from "../../components/ui/country-select.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { showApiError } from "../../lib/api-errors.js";
import { useUpdateProfile } from "../../lib/update-profile.js";
import { useSwitchLanguage } from "../../lib/use-switch-language.js";
import { useProfile } from "./api/get-profile.js";
import { useSignOut } from "./api/sign-out.js";
import { PrivacyCard } from "./privacy-card.js";
import { SignedInDevices } from "./signed-in-devices.js";
import { LinkedSignIns } from "./linked-sign-ins.js";
import { dateFormat } from "../../../shared/i18n/format.js";
import { NOTIFICATION_SETTINGS_PATH } from "../../../shared/schemas/notifications.js";

// The dialog and its form load the first time it is opened.
// The dialog brings its messages (account.<language>.json) with it.
const ChangePasswordDialog = lazy(() =>
  Promise.all([import("./change-password-dialog.js"), loadMessages("account")]).then(([module]) => module),
);
// Stats, achievements and teams are a separate chunk, so the first page stays small.
const ProfileStats = lazy(() => import("./profile-stats.js"));
const CardNews = lazy(() => import("./card-news.js"));
const ThanksReceived = lazy(() => import("./thanks-received.js"));

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const signOutCall = useSignOut();
  const update = useUpdateProfile();
  const switchLanguage = useSwitchLanguage();
  const [editingCountry, setEditingCountry] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  if (profile.isPending) return <LoadingState label={t("common.loading")} />;
  if (profile.isError) {
    return (
      <Page narrow>
        <Card>
          <StatusPanel
            tone="error"
            title={t("profile.loadFailedTitle")}
            actions={
              <>
                <ButtonLink to="/act-history" variant="secondary">
                  {t("nav.actHistory")}
                </ButtonLink>
                <ButtonLink to="/">{t("common.goHome")}</ButtonLink>
              </>
            }
          >
            {t("profile.loadFailed")}
          </StatusPanel>
        </Card>
      </Page>
    );
  }
  const user = profile.data;
  const memberSince = dateFormat(i18n.language, { dateStyle: "long" }).format(new Date(user.createdAt));

  const saveCountry = (country: string) => {
    update.mutate(
      { country },
      {
        onSuccess: () => {
          toast.success(t("profile.countrySaved"));
          setEditingCountry(false);
        },
        onError: (error) => showApiError(error, { fallback: t("profile.countryFailed") }),
      },
    );
  };

  const signOut = async () => {
    try {
      await signOutCall.mutateAsync();
    } finally {
      toast.success(t("profile.signedOut"));
      navigate("/", { replace: true });
    }
  };

  return (
    <Page>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">{greetingName(user, t, true)}</h1>
        <p className="text-slate-700">{t("profile.memberSince", { date: memberSince })}</p>
        {user.isOfficial && (
          <p className="mt-2 inline-block rounded-full bg-rose-100 px-3 py-1 text-sm font-semibold text-brand-dark">
            {t("profile.official")}
          </p>
        )}
      </header>
      <Suspense fallback={null}>
        <CardNews />
        <ThanksReceived />
      </Suspense>
      <div className="mb-6">
        <Suspense fallback={<LoadingState label={t("common.loading")} />}>
          <ProfileStats />
        </Suspense>
      </div>
      <Card aria-labelledby="account-heading">
        <h2 id="account-heading" className="text-lg font-bold">
          {t("profile.account")}
        </h2>
        <dl className="mt-2">
          <Row label={t("profile.username")}>{user.username}</Row>
          <Row label={t("profile.email")}>{user.email}</Row>
          <Row label={t("profile.country")}>
            {editingCountry ? (
              <div className="w-full min-w-64">
                <CountrySelect label={t("profile.editCountry")} value={user.country ?? undefined} onChange={saveCountry} />
                <Button variant="ghost" onClick={() => setEditingCountry(false)} className="mt-2">
                  {t("common.cancel")}
                </Button>
              </div>
            ) : (
              <span className="flex items-center gap-3">
                {user.country ? (
                  <span className="flex items-center gap-2">
                    <CountryBadge code={user.country} language={i18n.language} />
                    {countryName(user.country, i18n.language)}
                  </span>
                ) : (
                  t("profile.notSet")
                )}
                <Button variant="secondary" onClick={() => setEditingCountry(true)}>
                  {t("profile.editCountry")}
                </Button>
              </span>
            )}
          </Row>
          <Row label={t("profile.language")}>
            <span role="group" aria-label={t("profile.language")} className="flex gap-2">
              {LANGUAGES.map((language) => (
                <Button
                  key={language}
                  variant={i18n.language === language ? "primary" : "secondary"}
                  aria-pressed={i18n.language === language}
                  lang={language}
                  onClick={() => void switchLanguage(language)}
                >
                  {LANGUAGE_DETAILS[language].nativeName}
                </Button>
              ))}
            </span>
          </Row>
        </dl>
      </Card>
      <Card aria-labelledby="notifications-heading" className="mt-6">
        <h2 id="notifications-heading" className="text-lg font-bold">
          {t("profile.notifications.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("profile.notifications.summary")}</p>
        <ButtonLink to={NOTIFICATION_SETTINGS_PATH} variant="secondary" className="mt-3">
          {t("profile.notifications.open")}
        </ButtonLink>
      </Card>
      <PrivacyCard user={user} />
      <SignedInDevices />
      <LinkedSignIns />
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
          {t("profile.changePassword")}
        </Button>
        <Button variant="danger" onClick={() => void signOut()}>
          {t("profile.signOut")}
        </Button>
      </div>
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      )}
    </Page>
  );
}
