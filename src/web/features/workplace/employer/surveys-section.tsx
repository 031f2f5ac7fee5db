import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { SurveyAdmin, SurveyPeriodView } from "../../../../shared/schemas/compliance.js";
import { MIN_RESPONSES_FOR_RESULTS, RESULTS_STEP, SURVEY_QUESTIONS } from "../../../../shared/workplace/climate-survey.js";
import { riskZone, type RiskZone } from "../../../../shared/workplace/compliance-rules.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";
import { SurveyFigures, useDecimal } from "../../../components/ui/survey-figures.js";
import { useCloseSurvey, useOpenSurvey, useSurveyAdmin, useSurveySharing } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

/** The survey rule the texts state, from the constants the server applies. */
const SURVEY_THRESHOLD = { count: MIN_RESPONSES_FOR_RESULTS, step: RESULTS_STEP };

const ZONE_CLASS: Record<RiskZone, string> = {
  critical: "bg-red-100 text-red-900",
  elevated: "bg-orange-100 text-orange-900",
  moderate: "bg-amber-100 text-amber-900",
  good: "bg-emerald-100 text-emerald-900",
};
const TREND_CLASS = {
  improvement: "bg-emerald-100 text-emerald-900",
  deterioration: "bg-red-100 text-red-900",
  stable: "bg-slate-100 text-slate-800",
} as const;

function usePeriodLabel() {
  const { t, i18n } = useTranslation();
  return (from: string, to: string) =>
    t("employer.surveys.period", { from: formatDay(from, i18n.language, "medium"), to: formatDay(to, i18n.language, "medium") });
}

/** Opening the period the organisation's rhythm gives today, or running the open one. */
function CurrentPeriod({ organizationId, admin }: { organizationId: string; admin: SurveyAdmin }) {
  const { t, i18n } = useTranslation();
  const periodLabel = usePeriodLabel();
  const open = useOpenSurvey(organizationId);
  const close = useCloseSurvey(organizationId);
  const sharing = useSurveySharing(organizationId);
  const [share, setShare] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const running = admin.periods.find((period) => period.open);

  if (!running)
    return (
      <Card className="space-y-3">
        <h3 className="font-bold">{t("employer.surveys.noneOpen")}</h3>
        <p className="text-sm text-slate-700">
          {/* The rhythm's period may have started already: said as the current one, not as "next". */}
          {t(admin.currentPeriod.opens <= newYorkDay(new Date()) ? "employer.surveys.currentPeriod" : "employer.surveys.nextPeriod", {
            from: formatDay(admin.currentPeriod.opens, i18n.language, "medium"),
            to: formatDay(admin.currentPeriod.closes, i18n.language, "medium"),
          })}{" "}
          {admin.employeesWithAccess === 0
            ? t("employer.surveys.noEmployees")
            : admin.employeesToEmail === 0
              ? t("employer.surveys.noneToEmail", { count: admin.employeesWithAccess })
              : t("employer.surveys.invitationsTo", { count: admin.employeesToEmail, employees: admin.employeesWithAccess })}
        </p>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" checked={share} onChange={(e) => setShare(e.target.checked)} />
          {t("employer.surveys.shareResults")}
        </label>
        <Button
          disabled={open.isPending}
          onClick={() =>
            void open.mutateAsync(share).then(
              () => toast.success(t("employer.surveys.opened")),
              (error) => showApiError(error),
            )
          }
        >
          {open.isPending ? t("employer.surveys.opening") : t("employer.surveys.open")}
        </Button>
      </Card>
    );

  return (
    <Card className="space-y-3">
      <h3 className="font-bold">{t("employer.surveys.openNow", { period: periodLabel(running.periodStart, running.periodEnd) })}</h3>
      <ul className="space-y-1 text-sm text-slate-700">
        <li>
          {running.invitationsSentAt
            ? t("employer.surveys.invitationsSent", { date: formatDay(running.invitationsSentAt, i18n.language, "medium") })
            : t("employer.surveys.invitationsPending")}
        </li>
        <li>
          {running.reminderSentAt
            ? t("employer.surveys.reminderSent", { date: formatDay(running.reminderSentAt, i18n.language, "medium") })
            : t("employer.surveys.reminderPlanned")}
        </li>
        <li>
          {running.figures
            ? t("employer.surveys.responsesSoFar", { count: running.figures.responses })
            : t("employer.surveys.underThreshold", SURVEY_THRESHOLD)}
        </li>
      </ul>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={running.resultsShared}
          disabled={sharing.isPending}
          onChange={(e) =>
            void sharing.mutateAsync({ surveyId: running.surveyId, resultsShared: e.target.checked }).then(
              () => toast.success(t("employer.surveys.sharingSaved")),
              (error) => showApiError(error),
            )
          }
        />
        {t("employer.surveys.shareResults")}
      </label>
      <Button variant="secondary" onClick={() => setConfirmClose(true)}>
        {t("employer.surveys.close")}
      </Button>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={t("employer.surveys.closeTitle")}
        description={t("employer.surveys.closeText")}
        confirmLabel={t("employer.surveys.close")}
        busy={close.isPending}
        onConfirm={() =>
          void close
            .mutateAsync(running.surveyId)
            .then(
              () => toast.success(t("employer.surveys.closed")),
              (error) => showApiError(error),
            )
            .finally(() => setConfirmClose(false))
        }
      />
    </Card>
  );
}

/** The spec's "risk zones by question": every question's score and its band. */
function RiskZones({ period }: { period: SurveyPeriodView }) {
  const { t } = useTranslation();
  const decimal = useDecimal();
  if (!period.figures) return null;
  const scores = period.figures.questionScores;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("employer.surveys.riskZones")}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t("employer.surveys.question")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("employer.surveys.score")}
            </th>
            <th scope="col" className="py-2">
              {t("employer.surveys.zone")}
            </th>
          </tr>
        </thead>
        <tbody>
          {SURVEY_QUESTIONS.map((question) => {
            const score = scores[question.id] ?? 0;
            const zone = riskZone(score);
            return (
              <tr key={question.id} className="border-t border-slate-100">
                <td className="py-2 pr-3">
                  <span className="block text-xs text-slate-600">{t(`workplace.survey.categories.${question.category}`)}</span>
                  {t(`workplace.survey.questions.${question.id}` as never)}
                </td>
                <td className="py-2 pr-3 font-semibold tabular-nums">{decimal(score)}</td>
                <td className="py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ZONE_CLASS[zone]}`}>
                    {t(`employer.zones.${zone}`)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One period's aggregate with its red flags, each a way into the action plan. */
function PeriodDetails({ period, onPlan }: { period: SurveyPeriodView; onPlan: (category: string) => void }) {
  const { t } = useTranslation();
  if (!period.figures) return <p className="text-sm text-slate-700">{t("employer.surveys.underThreshold", SURVEY_THRESHOLD)}</p>;
  return (
    <div className="space-y-4">
      <SurveyFigures figures={period.figures} />
      {period.figures.redFlags.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {period.figures.redFlags.map((flag) => (
            <Button key={flag.category} variant="secondary" onClick={() => onPlan(flag.category)}>
              {t("employer.surveys.planAction", { category: t(`workplace.survey.categories.${flag.category}`) })}
            </Button>
          ))}
        </div>
      )}
      <h4 className="font-semibold">{t("employer.surveys.riskZones")}</h4>
      <RiskZones period={period} />
      <FollowUpScores period={period} />
    </div>
  );
}

/** What the period asked about the actions published since the one before, and its answer (out of 5: it helped). */
function FollowUpScores({ period }: { period: SurveyPeriodView }) {
  const { t } = useTranslation();
  const decimal = useDecimal();
  if (period.followUps.length === 0 || !period.figures) return null;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">{t("employer.surveys.followUps.title")}</h4>
      <ul className="space-y-1 text-sm">
        {period.followUps.map((followUp) => {
          const score = period.figures!.followUpScores[String(followUp.position)];
          return (
            <li key={followUp.position}>
              <span className="font-semibold">{t(`workplace.survey.categories.${followUp.category}`)}</span> · {followUp.text}
              {score !== undefined && ` · ${t("employer.surveys.followUps.score", { score: decimal(score) })}`}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The analysis history, newest first, each with its trend against the period before. */
function History({ periods, onPlan }: { periods: SurveyPeriodView[]; onPlan: (surveyId: string, category: string) => void }) {
  const { t } = useTranslation();
  const decimal = useDecimal();
  const periodLabel = usePeriodLabel();
  const [shown, setShown] = useState<SurveyPeriodView | null>(null);
  if (periods.length === 0) return <p className="text-sm text-slate-700">{t("employer.surveys.noHistory")}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {periods.map((period) => {
          const label = periodLabel(period.periodStart, period.periodEnd);
          return (
            <li key={period.surveyId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="space-y-1">
                <p className="font-semibold">
                  {label}{" "}
                  <span className="text-sm font-normal text-slate-600">
                    {period.open ? t("employer.surveys.statusOpen") : t("employer.surveys.statusClosed")}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  {period.figures
                    ? t("employer.surveys.summary", {
                        count: period.figures.responses,
                        percent: period.figures.participationPercent,
                        score: decimal(period.figures.overall),
                      })
                    : t("employer.surveys.underThreshold", SURVEY_THRESHOLD)}{" "}
                  {period.figures && period.figures.redFlags.length > 0 && (
                    <span className="font-semibold text-red-800">
                      {t("employer.surveys.flagCount", { count: period.figures.redFlags.length })}
                    </span>
                  )}
                </p>
                {period.trend && (
                  <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TREND_CLASS[period.trend]}`}>
                    {t(`employer.trends.${period.trend}`)}
                  </span>
                )}
              </div>
              <Button variant="secondary" disabled={!period.figures} onClick={() => setShown(period)}>
                {t("employer.surveys.viewResults", { period: label })}
              </Button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => !open && setShown(null)}
        title={shown ? t("employer.surveys.resultsTitle", { period: periodLabel(shown.periodStart, shown.periodEnd) }) : ""}
      >
        {shown && <PeriodDetails period={shown} onPlan={(category) => onPlan(shown.surveyId, category)} />}
      </Dialog>
    </>
  );
}

/** Surveys: open and close a period, who may see results, and every period's figures (5 responses at least). */
export function SurveysSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const admin = useSurveyAdmin(organizationId);
  const [params, setParams] = useSearchParams();
  // A red flag's "plan an action" opens the action plan with the flag chosen.
  const plan = (surveyId: string, category: string) =>
    setParams({ ...Object.fromEntries(params), section: "action-plan", flag: `${surveyId}:${category}` }, { replace: true });
  return (
    <QueryState query={admin}>
      {(data) => (
        <div className="space-y-4">
          <CurrentPeriod organizationId={organizationId} admin={data} />
          <Card className="space-y-2">
            <h3 className="font-bold">{t("employer.surveys.history")}</h3>
            <p className="text-sm text-slate-700">{t("employer.surveys.anonymity", SURVEY_THRESHOLD)}</p>
            <History periods={data.periods} onPlan={plan} />
          </Card>
        </div>
      )}
    </QueryState>
  );
}
