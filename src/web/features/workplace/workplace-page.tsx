import { Tabs } from "radix-ui";
import { Lock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useSession } from "../../lib/session.js";
import { useWorkplaceAccess } from "./api/workplace.js";
import { ChallengesTab } from "./challenges-tab.js";
import { CommitteeTab } from "./committee-tab.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { PoliciesTab } from "./policies-tab.js";
import { PreventionTab } from "./prevention-tab.js";
import { SurveyTab } from "./survey-tab.js";
import { TrainingTab } from "./training-tab.js";
import { UnlockDialog } from "./unlock-dialog.js";
import { DirectoryInvitation } from "./directory-invitation.js";
import { RemoteWorkToggle } from "./remote-work-toggle.js";
import { LegalNameSetting } from "./legal-name.js";
import { WorkplaceToday } from "./workplace-today.js";
import { TRAINING_MODULE_IDS, type TrainingModuleId } from "../../../shared/workplace/learning.js";
import { ACCESS_CODE_MAX_LENGTH } from "../../../shared/constants.js";
import { SectionPanel, SectionTabList } from "../../components/ui/section-tabs.js";

const TABS = ["prevention", "surveys", "training", "policies", "challenges", "committee", "settings"] as const;
type Tab = (typeof TABS)[number];
const FEATURES = ["surveys", "training", "policies", "reports", "challenges", "committee"] as const;

/**
 * /workplace-wellbeing: locked until an employer code is accepted; then what
 * needs doing (the open survey, the next module, this month's challenge),
 * and the reference tabs with the person's own settings last.
 */
export default function WorkplacePage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const access = useWorkplaceAccess(user !== null);
  const [params, setParams] = useSearchParams();
  // The employer's link carries its code: the dialog opens with it filled in.
  const linkedCode = (params.get("code") ?? "").toUpperCase().slice(0, ACCESS_CODE_MAX_LENGTH);
  const [unlocking, setUnlocking] = useState(linkedCode !== "");
  const tab: Tab = TABS.includes(params.get("tab") as Tab) ? (params.get("tab") as Tab) : "prevention";
  const openModule = TRAINING_MODULE_IDS.find((id) => id === params.get("module")) ?? null;
  // A card's button opens its tab (a module's, for the training) and brings the tabs into view.
  const openTab = (next: Tab, module?: TrainingModuleId | null) => {
    setParams(module ? { tab: next, module } : { tab: next }, { replace: true });
    requestAnimationFrame(() => document.getElementById("workplace-sections")?.scrollIntoView({ block: "start" }));
  };

  if (isLoading || (user && access.isPending)) return <LoadingState label={t("workplace.loading")} />;
  if (!user) {
    const back = `/workplace-wellbeing${linkedCode ? `?code=${encodeURIComponent(linkedCode)}` : ""}`;
    return (
      <Page narrow>
        <Card className="space-y-3 text-center">
          <h1 className="text-2xl font-bold">{t("workplace.signInTitle")}</h1>
          <p className="text-slate-700">{t("workplace.signInText")}</p>
          {/* A new employee has no account yet: creating one leads back here, the code still filled in. */}
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to={`/auth?tab=signup&redirect=${encodeURIComponent(back)}`}>{t("workplace.signUp")}</ButtonLink>
            <ButtonLink to={`/auth?redirect=${encodeURIComponent(back)}`} variant="secondary">
              {t("workplace.signIn")}
            </ButtonLink>
          </div>
        </Card>
      </Page>
    );
  }
  if (access.isError) {
    return (
      <Page narrow>
        <LoadFailed onRetry={() => void access.refetch()} />
      </Page>
    );
  }
  if (!access.data?.hasAccess) {
    return (
      <Page narrow>
        <Card className="space-y-4">
          <div className="flex items-center gap-3">
            <Lock className="text-brand" aria-hidden />
            <h1 className="text-2xl font-bold">{t("workplace.locked.title")}</h1>
          </div>
          <p className="text-slate-700">{t("workplace.locked.intro")}</p>
          <ul className="list-inside list-disc space-y-1 text-slate-800">
            {FEATURES.map((feature) => (
              <li key={feature}>{t(`workplace.locked.features.${feature}`)}</li>
            ))}
          </ul>
          {access.data?.invitation && <DirectoryInvitation invitation={access.data.invitation} />}
          <Button variant={access.data?.invitation ? "secondary" : "primary"} onClick={() => setUnlocking(true)}>
            {t("workplace.locked.enterCode")}
          </Button>
        </Card>
        <UnlockDialog open={unlocking} onOpenChange={setUnlocking} initialCode={linkedCode} />
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle intro={t("workplace.subtitle", { employer: access.data.employerName })}>{t("workplace.title")}</PageTitle>
      <WorkplaceToday openTab={openTab} />
      <Tabs.Root id="workplace-sections" value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <SectionTabList
          label={t("workplace.tabs.label")}
          tabs={TABS.map((name) => ({ value: name, label: t(`workplace.tabs.${name}`) }))}
        />
        <div className="pt-4">
          <SectionPanel value="prevention">
            <PreventionTab />
          </SectionPanel>
          <SectionPanel value="surveys">
            <SurveyTab />
          </SectionPanel>
          <SectionPanel value="training">
            <TrainingTab
              open={openModule}
              onOpen={(module) => setParams(module ? { tab: "training", module } : { tab: "training" }, { replace: true })}
            />
          </SectionPanel>
          <SectionPanel value="policies">
            <PoliciesTab />
          </SectionPanel>
          <SectionPanel value="challenges">
            <ChallengesTab />
          </SectionPanel>
          <SectionPanel value="committee">
            <CommitteeTab />
          </SectionPanel>
          <SectionPanel value="settings">
            <Card className="space-y-4">
              <div>
                <h2 className="text-xl font-bold">{t("workplace.settings.title")}</h2>
                <p className="text-slate-700">{t("workplace.settings.intro")}</p>
              </div>
              <RemoteWorkToggle />
              <LegalNameSetting />
            </Card>
          </SectionPanel>
        </div>
      </Tabs.Root>
    </Page>
  );
}
