import { dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { Award, Camera, Heart, Map, QrCode, Trophy, User, Users } from "lucide-react";
import { ONBOARDING_STEPS } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";
import { Card, LoadingState, Page } from "../../components/ui/card.js";
import { markOnboardingDoneLocally } from "../../lib/onboarding-state.js";
import { useSession } from "../../lib/session.js";
import { useUpdateProfile } from "../../lib/update-profile.js";

function Item({ icon, title, children }: { icon: ReactNode; title?: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl bg-rose-50 p-3">
      <span className="mt-0.5 text-brand" aria-hidden>
        {icon}
      </span>
      <span>
        {title && <strong className="block">{title}</strong>}
        {children}
      </span>
    </li>
  );
}

export default function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const update = useUpdateProfile();
  const [step, setStep] = useState(0);
  // Each step's title takes the focus: the button pressed may turn disabled or give way to another.
  const heading = useFocusOnChange<HTMLHeadingElement>(step);

  if (isLoading) return <LoadingState label={t("common.loading")} />;
  // Visitors and people who already finished are sent home.
  if (!user || user.onboardingCompleted) return <Navigate to="/" replace />;

  const steps = [
    { title: t("onboarding.step1Title"), body: <p className="text-slate-700">{t("onboarding.step1Body")}</p>, icon: <Heart size={40} /> },
    {
      title: t("onboarding.step2Title"),
      icon: <QrCode size={40} />,
      body: (
        <ul className="space-y-2">
          <Item icon={<QrCode size={20} />} title={t("onboarding.step2Find")}>
            {t("onboarding.step2FindBody")}
          </Item>
          <Item icon={<Heart size={20} />} title={t("onboarding.step2Connect")}>
            {t("onboarding.step2ConnectBody")}
          </Item>
          <Item icon={<Trophy size={20} />} title={t("onboarding.step2Track")}>
            {t("onboarding.step2TrackBody")}
          </Item>
        </ul>
      ),
    },
    {
      title: t("onboarding.step3Title"),
      body: <p className="text-slate-700">{t("onboarding.step3Body", dailyLimitVars)}</p>,
      icon: <Camera size={40} />,
    },
    {
      title: t("onboarding.step4Title"),
      icon: <Award size={40} />,
      body: (
        <ul className="space-y-2">
          <Item icon={<Users size={20} />}>{t("onboarding.step4Leaderboards")}</Item>
          <Item icon={<Map size={20} />}>{t("onboarding.step4Map")}</Item>
          <Item icon={<Trophy size={20} />}>{t("onboarding.step4Contests")}</Item>
          <Item icon={<User size={20} />}>{t("onboarding.step4Profile")}</Item>
        </ul>
      ),
    },
  ];
  const current = steps[step]!;
  const last = step === ONBOARDING_STEPS - 1;

  const finish = () => {
    markOnboardingDoneLocally(user.id);
    update.mutate(
      { onboardingCompleted: true },
      {
        onSuccess: () => toast.success(t("onboarding.welcomeToast")),
        // docs/spec/participant.md §8: a failed save does not stop the newcomer.
        onError: () => toast.warning(t("onboarding.saveFailed")),
        onSettled: () => navigate("/", { replace: true }),
      },
    );
  };

  return (
    <Page narrow>
      <div
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={ONBOARDING_STEPS}
        aria-valuenow={step + 1}
        aria-label={t("onboarding.progress", { current: step + 1, total: ONBOARDING_STEPS })}
        className="h-2 overflow-hidden rounded-full bg-rose-100"
      >
        <div className="h-full bg-brand transition-all" style={{ width: `${((step + 1) / ONBOARDING_STEPS) * 100}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">{t("onboarding.progress", { current: step + 1, total: ONBOARDING_STEPS })}</p>
      <Card className="mt-4">
        <div className="text-brand" aria-hidden>
          {current.icon}
        </div>
        <h1 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold focus:outline-none">
          {current.title}
        </h1>
        <div className="mt-3">{current.body}</div>
      </Card>
      <div className="mt-6 flex justify-between gap-3">
        <Button variant="secondary" onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
          {t("common.back")}
        </Button>
        {last ? (
          <Button onClick={finish} disabled={update.isPending}>
            {t("onboarding.getStarted")}
          </Button>
        ) : (
          <Button onClick={() => setStep((s) => s + 1)}>{t("common.next")}</Button>
        )}
      </div>
    </Page>
  );
}
