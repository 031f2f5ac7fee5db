import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import type { OrganizationSetup, OrganizationView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { ProgressBar } from "../../components/ui/progress-bar.js";
import { api } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";
import { numberFormat } from "../../../shared/i18n/format.js";

type Step = "place" | "printKit" | "firstScan" | "member" | "workplaceCode";
/** Where each step is done: the dashboard's tab. */
const TAB_OF: Record<Step, string> = {
  place: "locations",
  printKit: "locations",
  firstScan: "locations",
  member: "settings",
  workplaceCode: "settings",
};

/**
 * A new organisation's first hour (issue 43 §4): the steps that make it live,
 * each ticked by what it did (a place, a print kit made, a first act, a
 * colleague invited, an employer's workplace code), until all are done and
 * the list leaves the dashboard.
 */
export function SetupChecklist({ organization, onGo }: { organization: OrganizationView; onGo: (tab: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = organization.id;
  const setup = useQuery({
    queryKey: queryKeys.organizationPart(id, "setup"),
    queryFn: () => api<OrganizationSetup>(`/organizations/${id}/setup`),
  });
  // An employer's workplace code; its list is for owners and admins, so for others the step is not shown.
  const employer = organization.type === "company";
  const codes = useQuery({
    queryKey: [...queryKeys.organizationPart(id, "workplace"), "codes"],
    queryFn: () => api<{ codes: unknown[] }>(`/organizations/${id}/workplace/codes`),
    enabled: employer,
    retry: false,
  });
  if (!setup.data) return null;
  const steps: [Step, boolean][] = [
    ["place", setup.data.steps.place],
    ["printKit", setup.data.steps.printKit],
    ["firstScan", setup.data.steps.firstScan],
    ["member", setup.data.steps.member],
  ];
  if (employer && codes.data) steps.push(["workplaceCode", codes.data.codes.length > 0]);
  const done = steps.filter(([, isDone]) => isDone).length;
  if (done === steps.length) return null;
  const number = numberFormat(i18n.language);
  const progress = t("dashboard.setup.progress", { done: number.format(done), total: number.format(steps.length) });
  return (
    <Card aria-labelledby="setup-heading" data-testid="setup-checklist">
      <h2 id="setup-heading" className="text-lg font-bold">
        {t("dashboard.setup.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{progress}</p>
      <div className="mt-2">
        <ProgressBar value={done} max={steps.length} label={t("dashboard.setup.title")} valueText={progress} thin />
      </div>
      <ol className="mt-3 space-y-2">
        {steps.map(([step, isDone]) => (
          <li key={step} className="flex flex-wrap items-center justify-between gap-2">
            <span className={`flex items-center gap-2 ${isDone ? "text-slate-600" : "font-medium text-slate-900"}`}>
              {isDone ? (
                <CheckCircle2 size={20} className="shrink-0 text-emerald-700" aria-hidden />
              ) : (
                <Circle size={20} className="shrink-0 text-slate-400" aria-hidden />
              )}
              <span>
                {t(`dashboard.setup.steps.${step}`)}
                <span className="sr-only"> — {t(isDone ? "dashboard.setup.done" : "dashboard.setup.toDo")}</span>
              </span>
            </span>
            {!isDone && (
              <Button variant="secondary" onClick={() => onGo(TAB_OF[step])} aria-label={t(`dashboard.setup.go.${step}`)}>
                {t(`dashboard.setup.go.${step}`)}
              </Button>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
