import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ActionPlanSection } from "./action-plan-section.js";
import { AuditSection } from "./audit-section.js";
import { CertificatesSection } from "./certificates-section.js";
import { CommitteeSection } from "./committee-section.js";
import { EmployeeMailsSection } from "./employee-mails-section.js";
import { ManagerTrainingSection } from "./manager-training-section.js";
import { PoliciesSection } from "./policies-section.js";
import { ReportsSection } from "./reports-section.js";
import { SurveysSection } from "./surveys-section.js";
import { TeleworkSection } from "./telework-section.js";
import { VerificationSection } from "./verification-section.js";
import { SectionPanel } from "../../../components/ui/section-tabs.js";

/** The spec's tab group, surveys first: everything else follows from their results. */
export const WELLBEING_SECTIONS = [
  "surveys",
  "action-plan",
  "committee",
  "policies",
  "manager-training",
  "certificates",
  "verification",
  "internal-audit",
  "telework",
  "reports",
  "employee-mails",
] as const;
type Section = (typeof WELLBEING_SECTIONS)[number];

const SECTIONS: Record<Section, (props: { organizationId: string }) => React.JSX.Element> = {
  surveys: SurveysSection,
  "action-plan": ActionPlanSection,
  committee: CommitteeSection,
  policies: PoliciesSection,
  "manager-training": ManagerTrainingSection,
  certificates: CertificatesSection,
  verification: VerificationSection,
  "internal-audit": AuditSection,
  telework: TeleworkSection,
  reports: ReportsSection,
  "employee-mails": EmployeeMailsSection,
};

/**
 * "Workplace well-being": the employer's compliance tabs. The open
 * one is kept in the address (`?section=`) beside the dashboard's own tab.
 * Loaded only when the tab opens (dashboard-page.tsx).
 */
export default function WellbeingTab({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // "actions" is how people (and older links) name the action plan.
  const asked = (params.get("section") === "actions" ? "action-plan" : params.get("section")) as Section;
  const section = WELLBEING_SECTIONS.includes(asked) ? asked : "surveys";
  return (
    <div className="space-y-3">
      <div>
        <h2 className="text-lg font-bold">{t("employer.title")}</h2>
        <p className="text-sm text-slate-700">{t("employer.intro")}</p>
      </div>
      <Tabs.Root
        value={section}
        onValueChange={(value) => setParams({ ...Object.fromEntries(params), section: value }, { replace: true })}
        orientation="horizontal"
      >
        <Tabs.List aria-label={t("employer.title")} className="flex flex-wrap gap-2">
          {WELLBEING_SECTIONS.map((name) => (
            <Tabs.Trigger
              key={name}
              value={name}
              className="min-h-11 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 data-[state=active]:border-brand data-[state=active]:bg-brand data-[state=active]:text-white"
            >
              {t(`employer.sections.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {WELLBEING_SECTIONS.map((name) => {
          const Content = SECTIONS[name];
          return (
            <SectionPanel key={name} value={name} className="pt-4">
              <Content organizationId={organizationId} />
            </SectionPanel>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
