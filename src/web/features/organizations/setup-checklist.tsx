import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { CheckCircle2, Circle } from "lucide-react";
import type { OrganizationSetup, OrganizationView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { ProgressBar } from "../../components/ui/progress-bar.js";
import { api } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";
import { numberFormat } from "../../../shared/i18n/format.js";

export type SetupStep = "place" | "printKit" | "firstScan" | "member" | "workplaceCode";
/** Where each step is done: the dashboard's tab. */
export const SETUP_TAB: Record<SetupStep, string> = {
  place: "locations",
  printKit: "locations",
  firstScan: "locations",
  member: "settings",
  workplaceCode: "settings",
};

const NEEDS_A_PLACE: ReadonlySet<SetupStep> = new Set(["printKit", "firstScan"]);

/** The id of the field a step's button brings into view and focuses, for the steps done in a form on the page. */
export const setupTargetId = (step: SetupStep) => `setup-${step}`;

/**
 * Scrolls to and focuses a step's field once its tab has drawn it (a tab's
 * parts load lazily, so it may not be there yet); gives up after a few seconds.
 */
export function revealSetupTarget(step: SetupStep): () => void {
  const id = setupTargetId(step);
  const reveal = () => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView({ block: "center" });
    target.focus();
    return true;
  };
  if (reveal()) return () => {};
  const watcher = new MutationObserver(() => reveal() && watcher.disconnect());
  watcher.observe(document.body, { childList: true, subtree: true });
  const timeout = setTimeout(() => watcher.disconnect(), 5000);
  return () => {
    watcher.disconnect();
    clearTimeout(timeout);
  };
}

/**
 * A new organisation's first hour (issue 43 §4, issue 61 §1): the steps that
 * make it live, each ticked by what it did (a place, a print kit made, a first
 * act, a colleague invited, an employer's workplace code), until all are done
 * and the list leaves the dashboard. Each step's button opens exactly what it
 * names (`onGo`): the place form, the first place's print kit, its code, the
 * invitation form, the code form.
 */
export function SetupChecklist({ organization, onGo }: { organization: OrganizationView; onGo: (step: SetupStep) => void }) {
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
  const steps: [SetupStep, boolean][] = [
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
            {/* The kit and the first scan need a place's code: until there is one, the step says so instead of
                opening something else than what it names. */}
            {!isDone && NEEDS_A_PLACE.has(step) && !setup.data.steps.place ? (
              <span className="text-sm text-slate-600">{t("dashboard.setup.afterPlace")}</span>
            ) : (
              !isDone && (
                <Button variant="secondary" onClick={() => onGo(step)}>
                  {t(`dashboard.setup.go.${step}`)}
                </Button>
              )
            )}
          </li>
        ))}
      </ol>
      {/* The participants' tour is not what an organisation's first hour needs, but it stays one tap away. */}
      <p className="mt-3 text-sm">
        <Link to="/onboarding" className="font-medium text-brand-dark underline underline-offset-2">
          {t("dashboard.setup.tour")}
        </Link>
      </p>
    </Card>
  );
}
