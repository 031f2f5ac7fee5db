import { Tabs } from "radix-ui";
import { lazy, Suspense, type ComponentType } from "react";
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

/** The analytics tab, its charts loading when it opens. */
function LazyAnalyticsTab() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingState label={t("common.loading")} />}>
      <AnalyticsTab />
    </Suspense>
  );
}

/** The panel's tabs in order, each once with what it shows; its label is the message `admin.tabs.<name>`. */
const TABS = [
  { name: "overview", Panel: OverviewTab },
  { name: "requests", Panel: RequestsTab },
  { name: "moderation", Panel: ModerationTab },
  { name: "review", Panel: ReviewTab },
  { name: "manualActs", Panel: ManualActsTab },
  { name: "organizations", Panel: OrganizationsTab },
  { name: "users", Panel: UsersTab },
  { name: "analytics", Panel: LazyAnalyticsTab },
  { name: "contests", Panel: ContestsTab },
  { name: "privacy", Panel: PrivacyTab },
  { name: "system", Panel: SystemTab },
] as const satisfies readonly { name: string; Panel: ComponentType<{ currentUserId: string }> }[];
type Tab = (typeof TABS)[number]["name"];
const TAB_NAMES: readonly string[] = TABS.map((entry) => entry.name);

/** /admin: the official account's panel (docs/spec/organisation.md §2), one tab per job; the tab is in the address. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = requested && TAB_NAMES.includes(requested) ? (requested as Tab) : "overview";
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
          tabs={TABS.map(({ name }) => ({ value: name, label: t(`admin.tabs.${name}`) }))}
          menu={{ value: tab, onChoose: choose }}
        />
        <div className="pt-4">
          {TABS.map(({ name, Panel }) => (
            <SectionPanel key={name} value={name}>
              <Panel currentUserId={user.id} />
            </SectionPanel>
          ))}
        </div>
      </Tabs.Root>
    </Page>
  );
}
