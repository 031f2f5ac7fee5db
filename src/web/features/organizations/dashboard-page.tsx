import { Tabs } from "radix-ui";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DASHBOARD_PERIODS } from "../../../shared/schemas/organizations.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../components/ui/card.js";
import { SelectField } from "../../components/ui/field.js";
import { Segmented } from "../../components/ui/segmented.js";
import { usePublicConfig } from "../../lib/public-config.js";
import { useSession } from "../../lib/session.js";
import { useMyOrganizations } from "./api/my-organizations.js";
import { useOrganization } from "./api/organization.js";
import { CampaignsTab } from "./campaigns-tab.js";
import { EngagementTab } from "./engagement-tab.js";
import { InteractionsTab } from "./interactions-tab.js";
import { LocationsTab } from "./locations-tab.js";
import { SettingsTab } from "./settings-tab.js";
import type { DashboardSlots } from "./dashboard-slots.js";
import { revealSetupTarget, SETUP_TAB, SetupChecklist, type SetupStep } from "./setup-checklist.js";
import { SummaryCards } from "./summary-cards.js";
import { SupportTab } from "./support-tab.js";
import { useMyRequests } from "./api/get-my-requests.js";
import { SectionPanel, SectionTabList } from "../../components/ui/section-tabs.js";
import { dateFormat } from "../../../shared/i18n/format.js";

// Charts are the heaviest part; they load when the analytics tab opens.
const AnalyticsTab = lazy(() => import("./analytics-tab.js"));

const TABS = ["locations", "analytics", "campaigns", "interactions", "engagement", "wellbeing", "settings", "support"] as const;
type Tab = (typeof TABS)[number];

/** The address holds the organisation, the period and the tab, so a view can be shared and survives a reload. */
function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const days = Number(params.get("days"));
  const tab = params.get("tab") as Tab;
  const set = (changes: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...changes }, { replace: true });
  return {
    organizationId: params.get("org"),
    days: (DASHBOARD_PERIODS as readonly number[]).includes(days) ? days : 30,
    tab: TABS.includes(tab) ? tab : "locations",
    set,
  };
}

/**
 * docs/spec/organisation.md §6: a signed-in person without access sees this,
 * with a way to ask for it; someone whose request waits is told it is being
 * reviewed instead of being asked to request again.
 */
function AccessRequired() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const config = usePublicConfig();
  const requests = useMyRequests(Boolean(user));
  const pending = requests.data?.requests.find((request) => request.status === "pending");
  if (user && requests.isPending) return <LoadingState label={t("common.loading")} />;
  if (pending) {
    const date = dateFormat(i18n.language, { dateStyle: "long" }).format(new Date(pending.createdAt));
    return (
      <Page narrow>
        <Card className="space-y-3 text-center">
          <h1 className="text-2xl font-bold">{t("dashboard.requestPendingTitle")}</h1>
          <p className="text-slate-700">
            {t("dashboard.requestPendingBody", { name: pending.organizationName, date, email: pending.email })}
          </p>
        </Card>
      </Page>
    );
  }
  const subject = encodeURIComponent(t("dashboard.accessMailSubject"));
  const body = encodeURIComponent(t("dashboard.accessMailBody", { userId: user?.id ?? "", email: user?.email ?? "" }));
  return (
    <Page narrow>
      <Card className="space-y-3 text-center">
        <h1 className="text-2xl font-bold">{t("dashboard.accessRequired")}</h1>
        <p className="text-slate-700">{t("dashboard.accessRequiredBody")}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {config.data && (
            <a
              className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
              href={`mailto:${config.data.supportEmail}?subject=${subject}&body=${body}`}
            >
              {t("dashboard.requestAccess")}
            </a>
          )}
          <a
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            href="/register-organization"
          >
            {t("dashboard.registerInstead")}
          </a>
        </div>
      </Card>
    </Page>
  );
}

function Dashboard({
  organizationId,
  choices,
  slots,
}: {
  organizationId: string;
  choices: { id: string; name: string }[];
  slots: DashboardSlots;
}) {
  const { t } = useTranslation();
  const { days, tab, set } = useDashboardParams();
  const organization = useOrganization(organizationId);
  // A set-up step chosen in the checklist, for the tab that does it (an object: choosing it again acts again).
  const [intent, setIntent] = useState<{ step: SetupStep } | null>(null);
  useEffect(() => {
    if (intent && (intent.step === "member" || intent.step === "workplaceCode")) return revealSetupTarget(intent.step);
  }, [intent]);
  if (organization.isPending) return <LoadingState label={t("common.loading")} />;
  if (organization.error) return <AccessRequired />;
  const org = organization.data;
  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-center gap-3">
          {org.logoUrl && (
            <img src={org.logoUrl} alt={t("dashboard.settings.logoAlt", { name: org.name })} className="h-12 max-w-32 object-contain" />
          )}
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{org.name}</h1>
            <p className="text-sm text-slate-700">{t("dashboard.subtitle", { code: org.orgCode })}</p>
          </div>
        </div>
        {choices.length > 1 && (
          <div className="w-full sm:w-64">
            <SelectField
              label={t("dashboard.chooseOrganization")}
              value={organizationId}
              onChange={(e) => set({ org: e.target.value })}
              options={choices.map((c) => ({ value: c.id, label: c.name }))}
            />
          </div>
        )}
      </div>
      <div className="space-y-4">
        <Segmented
          label={t("dashboard.period")}
          value={String(days)}
          onChange={(value) => set({ days: value })}
          options={DASHBOARD_PERIODS.map((d) => ({ value: String(d), label: t("dashboard.lastDays", { count: d }) }))}
        />
        <SetupChecklist
          organization={org}
          onGo={(step) => {
            set({ tab: SETUP_TAB[step] });
            setIntent({ step });
          }}
        />
        <SummaryCards organizationId={organizationId} days={days} />
        <Tabs.Root value={tab} onValueChange={(value) => set({ tab: value })}>
          <SectionTabList label={t("dashboard.tabs")} tabs={TABS.map((name) => ({ value: name, label: t(`dashboard.tab.${name}`) }))} />
          <div className="pt-4">
            <SectionPanel value="locations">
              <LocationsTab organizationId={organizationId} intent={intent} onIntentDone={() => setIntent(null)} />
            </SectionPanel>
            <SectionPanel value="analytics">
              <Suspense fallback={<LoadingState label={t("common.loading")} />}>
                <AnalyticsTab organizationId={organizationId} days={days} />
              </Suspense>
            </SectionPanel>
            <SectionPanel value="campaigns">
              <CampaignsTab organizationId={organizationId} />
            </SectionPanel>
            <SectionPanel value="interactions">
              <InteractionsTab organizationId={organizationId} />
            </SectionPanel>
            <SectionPanel value="engagement">
              <EngagementTab organizationId={organizationId} days={days} />
            </SectionPanel>
            <SectionPanel value="wellbeing">
              <Suspense fallback={<LoadingState label={t("common.loading")} />}>
                <slots.WellbeingTab organizationId={organizationId} />
              </Suspense>
            </SectionPanel>
            <SectionPanel value="settings">
              <SettingsTab organization={org} WorkplaceAccess={slots.WorkplaceAccess} />
            </SectionPanel>
            <SectionPanel value="support">
              <SupportTab />
            </SectionPanel>
          </div>
        </Tabs.Root>
      </div>
    </Page>
  );
}

/** /business-dashboard: for members of an organisation (business and admin roles) and the official account. */
export default function OrganizationDashboardPage({ slots }: { slots: DashboardSlots }) {
  const { t } = useTranslation();
  const { organizationId } = useDashboardParams();
  const mine = useMyOrganizations();
  if (mine.isPending) return <LoadingState label={t("common.loading")} />;
  if (mine.error) return <AccessRequired />;
  const { organizations, isOfficial } = mine.data;
  const chosen = organizationId ?? (organizations.length === 1 ? organizations[0]!.id : null);
  if (chosen && (isOfficial || organizations.some((o) => o.id === chosen)))
    return <Dashboard key={chosen} organizationId={chosen} choices={organizations} slots={slots} />;
  if (organizations.length > 1) return <OrganizationPicker organizations={organizations} />;
  if (isOfficial) return <OfficialChooses />;
  return <AccessRequired />;
}

/** The official account opens any organisation's dashboard from the admin panel's list. */
function OfficialChooses() {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <Card className="space-y-3 text-center">
        <h1 className="text-2xl font-bold">{t("dashboard.officialTitle")}</h1>
        <p className="text-slate-700">{t("dashboard.officialBody")}</p>
        <ButtonLink to="/admin?tab=organizations">{t("dashboard.officialLink")}</ButtonLink>
      </Card>
    </Page>
  );
}

function OrganizationPicker({ organizations }: { organizations: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <Card>
        <h1 className="text-2xl font-bold">{t("dashboard.chooseOrganization")}</h1>
        <ul className="mt-4 space-y-2">
          {organizations.map((o) => (
            <li key={o.id}>
              <a
                className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold hover:bg-slate-50"
                href={`/business-dashboard?org=${encodeURIComponent(o.id)}`}
              >
                {o.name}
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}
