import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { AuditInput } from "../../../../shared/schemas/compliance.js";
import { AUDIT_SCALE, auditScore } from "../../../../shared/workplace/compliance-rules.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { StatTile } from "../../../components/ui/stat-tile.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useDecimal } from "../../../components/ui/survey-figures.js";
import { useAudits, useSubmitAudit } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

const QUESTIONS = ["stressReduction", "engagement"] as const satisfies readonly (keyof AuditInput)[];
const SCALE = Array.from({ length: AUDIT_SCALE.max - AUDIT_SCALE.min + 1 }, (_, step) => AUDIT_SCALE.min + step);

function ScoreQuestion({
  name,
  value,
  locked,
  onChange,
}: {
  name: (typeof QUESTIONS)[number];
  value: number | undefined;
  locked: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2" disabled={locked}>
      <legend className="font-semibold">{t(`employer.audit.questions.${name}`)}</legend>
      <div className="flex flex-wrap gap-2">
        {SCALE.map((score) => (
          <label
            key={score}
            className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand has-[:checked]:bg-rose-50 has-[:disabled]:cursor-not-allowed"
          >
            <input type="radio" name={name} value={score} checked={value === score} onChange={() => onChange(score)} />
            <span>{score}</span>
            <span className="sr-only"> {t("employer.audit.outOf5")}</span>
          </label>
        ))}
      </div>
      <p className="text-xs text-slate-600">{t("employer.audit.scale")}</p>
    </fieldset>
  );
}

/** Internal audit: two questions from 1 to 5, the level and the stress-impact message, locked once submitted. */
export function AuditSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const decimal = useDecimal();
  const audits = useAudits(organizationId);
  const submitAudit = useSubmitAudit(organizationId);
  const [answers, setAnswers] = useState<Partial<AuditInput>>({});
  const [submitted, setSubmitted] = useState(false);
  const complete = answers.stressReduction !== undefined && answers.engagement !== undefined;
  const score = complete ? auditScore(answers.stressReduction!, answers.engagement!) : null;

  const submit = async () => {
    if (!complete) return toast.error(t("employerValidation.answerAll"));
    try {
      await submitAudit.mutateAsync(answers as AuditInput);
      setSubmitted(true);
      toast.success(t("employer.audit.submitted"));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <div className="space-y-4">
      <Card className="space-y-4">
        <h3 className="font-bold">{t("employer.audit.title")}</h3>
        <p className="text-sm text-slate-700">{t("employer.audit.intro")}</p>
        {QUESTIONS.map((name) => (
          <ScoreQuestion
            key={name}
            name={name}
            value={answers[name]}
            locked={submitted}
            onChange={(value) => setAnswers((current) => ({ ...current, [name]: value }))}
          />
        ))}
        {score ? (
          <div className="space-y-2" role="status">
            <dl className="grid gap-3 sm:grid-cols-3">
              <StatTile label={t("employer.audit.average")} value={t("workplace.results.outOf", { score: decimal(score.average) })} />
              <StatTile label={t("employer.audit.efficiency")} value={`${score.efficiencyPercent} %`} />
              <StatTile label={t("employer.audit.level")} value={t(`employer.audit.levels.${score.level}`)} />
            </dl>
            <p className="text-sm text-slate-800">{t(`employer.audit.impact.${score.level}`)}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t("employerValidation.answerAll")}</p>
        )}
        {submitted ? (
          <Button
            variant="secondary"
            onClick={() => {
              setAnswers({});
              setSubmitted(false);
            }}
          >
            {t("employer.audit.again")}
          </Button>
        ) : (
          <Button disabled={!complete || submitAudit.isPending} onClick={() => void submit()}>
            {t("employer.audit.submit")}
          </Button>
        )}
      </Card>
      <Card className="space-y-2">
        <h3 className="font-bold">{t("employer.audit.history")}</h3>
        <QueryState query={audits}>
          {(data) =>
            data.audits.length === 0 ? (
              <p className="text-sm text-slate-700">{t("employer.audit.none")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.audits.map((audit) => (
                  <li key={audit.id} className="py-2 text-sm">
                    {t("employer.report.followUp.audit", {
                      date: formatDay(audit.createdAt, i18n.language, "medium"),
                      average: decimal(audit.average),
                      percent: audit.efficiencyPercent,
                      level: t(`employer.audit.levels.${audit.level}`),
                    })}
                    {audit.submittedBy && <span className="text-slate-600"> · {audit.submittedBy}</span>}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Card>
    </div>
  );
}
