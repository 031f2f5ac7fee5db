import { Tabs } from "radix-ui";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useSession } from "../../lib/session.js";
import { ContestsTab } from "./contests-tab.js";
import { ManualActsTab } from "./manual-acts-tab.js";
import { ModerationTab } from "./moderation-tab.js";
import { OrganizationsTab } from "./organizations-tab.js";
import { OverviewTab } from "./overview-tab.js";
import { PrivacyTab } from "./privacy-tab.js";
import { RequestsTab } from "./requests-tab.js";
import { ReviewTab } from "./review-tab.js";
import { SystemTab } from "./system-tab.js";
import { UsersTab } from "./users-tab.js";
import { SectionPanel, SectionTabList } from "../../components/ui/section-tabs.js";

// Charts load when the analytics tab opens, not with the panel.
const AnalyticsTab = lazy(() => import("./analytics-tab.js"));

const TABS = [
  "overview",
  "requests",
  "moderation",
  "review",
  "manualActs",
  "organizations",
  "users",
  "analytics",
  "contests",
  "privacy",
  "system",
] as const;
type Tab = (typeof TABS)[number];

/** /admin: the official account's panel (docs/spec/organisation.md §2), one tab per job; the tab is in the address. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab") as Tab;
  const tab = TABS.includes(requested) ? requested : "overview";
  const choose = (value: string) => setParams({ tab: value }, { replace: true });
  if (isLoading) return <LoadingState label={t("common.loading")} />;
  if (!user || !user.isOfficial) {
    return (
      <Page narrow>
        <Card className="space-y-3 text-center" role="alert">
          <h1 className="text-2xl font-bold">{user ? t("admin.accessDenied") : t("admin.authRequired")}</h1>
          <p className="text-slate-700">{user ? t("admin.accessDeniedBody") : t("admin.authRequiredBody")}</p>
          {!user && <ButtonLink to="/auth?redirect=%2Fadmin">{t("auth.signInButton")}</ButtonLink>}
        </Card>
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle intro={t("admin.intro")}>{t("admin.title")}</PageTitle>
      <Tabs.Root value={tab} onValueChange={choose}>
        <SectionTabList
          label={t("admin.sections")}
          tabs={TABS.map((name) => ({ value: name, label: t(`admin.tabs.${name}`) }))}
          menu={{ value: tab, onChoose: choose }}
        />
        <div className="pt-4">
          <SectionPanel value="overview">
            <OverviewTab />
          </SectionPanel>
          <SectionPanel value="requests">
            <RequestsTab />
          </SectionPanel>
          <SectionPanel value="moderation">
            <ModerationTab />
          </SectionPanel>
          <SectionPanel value="review">
            <ReviewTab />
          </SectionPanel>
          <SectionPanel value="manualActs">
            <ManualActsTab />
          </SectionPanel>
          <SectionPanel value="organizations">
            <OrganizationsTab />
          </SectionPanel>
          <SectionPanel value="users">
            <UsersTab currentUserId={user.id} />
          </SectionPanel>
          <SectionPanel value="analytics">
            <Suspense fallback={<LoadingState label={t("common.loading")} />}>
              <AnalyticsTab />
            </Suspense>
          </SectionPanel>
          <SectionPanel value="contests">
            <ContestsTab />
          </SectionPanel>
          <SectionPanel value="privacy">
            <PrivacyTab />
          </SectionPanel>
          <SectionPanel value="system">
            <SystemTab />
          </SectionPanel>
        </div>
      </Tabs.Root>
    </Page>
  );
}
