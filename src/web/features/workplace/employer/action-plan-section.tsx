import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { actionInputSchema, type ActionInput, type ActionItem, type SurveyAdmin } from "../../../../shared/schemas/compliance.js";
import { ACTION_PRIORITIES, type ACTION_STATUSES } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useDecimal } from "../../../components/ui/survey-figures.js";
import { useActionPlan, useCreateAction, useDeleteAction, useEditAction, useMoveAction, useSurveyAdmin } from "./api/compliance.js";
import { QueryState } from "./query-state.js";
import { PublicationPanel } from "./publication-panel.js";

type Status = (typeof ACTION_STATUSES)[number];

/** The spec's colours: pending yellow, in progress blue, completed green. */
const STATUS_CLASS: Record<Status, string> = {
  pending: "border-amber-300 bg-amber-50",
  in_progress: "border-sky-300 bg-sky-50",
  completed: "border-emerald-300 bg-emerald-50",
};
const BADGE_CLASS: Record<Status, string> = {
  pending: "bg-amber-200 text-amber-950",
  in_progress: "bg-sky-200 text-sky-950",
  completed: "bg-emerald-200 text-emerald-950",
};
/** The one move each status offers (the server allows exactly these). */
const NEXT: Record<Status, { to: Status; label: "start" | "complete" | "reopen" }> = {
  pending: { to: "in_progress", label: "start" },
  in_progress: { to: "completed", label: "complete" },
  completed: { to: "pending", label: "reopen" },
};

/** A red flag as the select holds it: "surveyId:category". */
const flagValue = (flag: ActionInput["redFlag"]) => (flag ? `${flag.surveyId}:${flag.category}` : "");
const EMPTY_ACTION: ActionInput = { title: "", description: "", priority: "medium", dueDate: null, assignedTo: "", redFlag: null };
const flagFromValue = (value: string): ActionInput["redFlag"] => {
  if (!value) return null;
  const [surveyId, category] = value.split(":");
  return { surveyId: surveyId!, category: category as NonNullable<ActionInput["redFlag"]>["category"] };
};

/** Every red flag of every period with figures, for the "linked red flag" choice. */
function useFlagOptions(survey: SurveyAdmin | undefined) {
  const { t, i18n } = useTranslation();
  const decimal = useDecimal();
  return (survey?.periods ?? []).flatMap((period) =>
    (period.figures?.redFlags ?? []).map((flag) => ({
      value: `${period.surveyId}:${flag.category}`,
      label: t("employer.actions.flagOption", {
        category: t(`workplace.survey.categories.${flag.category}`),
        score: decimal(flag.score),
        date: formatDay(period.periodStart, i18n.language, "medium"),
      }),
    })),
  );
}

/** New (actionId null) or edited action; the red flag is a select outside the schema's object shape. */
function ActionForm({
  organizationId,
  actionId,
  values,
  onDone,
}: {
  organizationId: string;
  actionId: string | null;
  values: ActionInput;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const survey = useSurveyAdmin(organizationId);
  const flagOptions = useFlagOptions(survey.data);
  const create = useCreateAction(organizationId);
  const edit = useEditAction(organizationId);
  const [flag, setFlag] = useState(flagValue(values.redFlag ?? null));
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(actionInputSchema),
    defaultValues: { ...EMPTY_ACTION, ...values, redFlag: null },
  });
  const submit = handleSubmit(async (input) => {
    const action = { ...input, redFlag: flagFromValue(flag) };
    try {
      if (actionId) await edit.mutateAsync({ actionId, action });
      else await create.mutateAsync(action);
      toast.success(t(actionId ? "employer.actions.saved" : "employer.actions.added"));
      reset(EMPTY_ACTION);
      setFlag("");
      onDone();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["title", "description", "dueDate", "assignedTo", "redFlag"] } });
    }
  });
  const busy = create.isPending || edit.isPending;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label={t("employer.actions.title")} error={fieldError(formState.errors.title)} {...register("title")} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t("employer.actions.description")}
          rows={3}
          error={fieldError(formState.errors.description)}
          {...register("description")}
        />
      </div>
      <SelectField
        label={t("employer.actions.priority")}
        options={ACTION_PRIORITIES.map((p) => ({ value: p, label: t(`workplace.committee.priorities.${p}`) }))}
        {...register("priority")}
      />
      <TextField
        label={t("employer.actions.dueDate")}
        type="date"
        error={fieldError(formState.errors.dueDate)}
        {...register("dueDate", { setValueAs: (value: string) => value || null })}
      />
      <TextField label={t("employer.actions.assignedTo")} error={fieldError(formState.errors.assignedTo)} {...register("assignedTo")} />
      <SelectField
        label={t("employer.actions.redFlag")}
        placeholder={t("employer.actions.noFlag")}
        options={flagOptions}
        value={flag}
        onChange={(e) => setFlag(e.target.value)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? t("employer.saving") : t(actionId ? "employer.actions.save" : "employer.actions.add")}
        </Button>
      </div>
    </form>
  );
}

function FlagOutcome({ flag }: { flag: NonNullable<ActionItem["redFlag"]> }) {
  const { t, i18n } = useTranslation();
  const decimal = useDecimal();
  return (
    <p className="text-sm text-slate-800">
      {t("employer.actions.linkedFlag", {
        category: t(`workplace.survey.categories.${flag.category}`),
        score: flag.score === null ? "—" : decimal(flag.score),
        date: formatDay(flag.periodStart, i18n.language, "medium"),
      })}{" "}
      <span className="font-semibold">
        {t(`employer.actions.outcome.${flag.outcome}`, { score: flag.nextScore === null ? "—" : decimal(flag.nextScore) })}
      </span>
    </p>
  );
}

function ActionCard({ organizationId, action, onEdit }: { organizationId: string; action: ActionItem; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const move = useMoveAction(organizationId);
  const remove = useDeleteAction(organizationId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const next = NEXT[action.status];
  return (
    <li className={`space-y-2 rounded-xl border p-3 ${STATUS_CLASS[action.status]}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold">{action.title}</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_CLASS[action.status]}`}>
          {t(`workplace.committee.statuses.${action.status}`)}
        </span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-800">
          {t(`workplace.committee.priorities.${action.priority}`)}
        </span>
      </div>
      {action.description && <p className="whitespace-pre-line text-sm text-slate-800">{action.description}</p>}
      <p className="text-sm text-slate-700">
        {action.dueOn
          ? t("workplace.committee.due", { date: formatDay(action.dueOn, i18n.language, "medium") })
          : t("workplace.committee.noDue")}
        {action.assignedTo && ` · ${t("employer.actions.assignee", { name: action.assignedTo })}`}
        {action.completedAt && ` · ${t("employer.actions.completedOn", { date: formatDay(action.completedAt, i18n.language, "medium") })}`}
      </p>
      {action.redFlag && <FlagOutcome flag={action.redFlag} />}
      <PublicationPanel organizationId={organizationId} action={action} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={move.isPending}
          onClick={() =>
            void move.mutateAsync({ actionId: action.id, status: next.to }).then(
              () => toast.success(t("employer.actions.moved")),
              (error) => showApiError(error),
            )
          }
        >
          {t(`employer.actions.${next.label}`, { title: action.title })}
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          {t("employer.actions.edit", { title: action.title })}
        </Button>
        <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
          {t("employer.actions.delete", { title: action.title })}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("employer.actions.deleteTitle")}
        description={t("employer.actions.deleteText", { title: action.title })}
        confirmLabel={t("employer.actions.delete", { title: action.title })}
        busy={remove.isPending}
        onConfirm={() =>
          void remove
            .mutateAsync(action.id)
            .then(
              () => toast.success(t("employer.actions.deleted")),
              (error) => showApiError(error),
            )
            .finally(() => setConfirmDelete(false))
        }
      />
    </li>
  );
}

/** Action plan: items with the spec's transitions and colours, each optionally answering a survey red flag. */
export function ActionPlanSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const plan = useActionPlan(organizationId);
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<ActionItem | null>(null);
  // Arriving from a red flag's "plan an action": the form starts linked to it.
  const fromFlag = flagFromValue(params.get("flag") ?? "");
  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h3 className="font-bold">{t("employer.actions.new")}</h3>
        <ActionForm
          key={params.get("flag") ?? ""}
          organizationId={organizationId}
          actionId={null}
          values={{ ...EMPTY_ACTION, redFlag: fromFlag }}
          onDone={() => undefined}
        />
      </Card>
      <Card className="space-y-3">
        <h3 className="font-bold">{t("employer.actions.list")}</h3>
        <QueryState query={plan}>
          {(data) =>
            data.actions.length === 0 ? (
              <p className="text-sm text-slate-700">{t("employer.actions.none")}</p>
            ) : (
              <ul className="space-y-2">
                {data.actions.map((action) => (
                  <ActionCard key={action.id} organizationId={organizationId} action={action} onEdit={() => setEditing(action)} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </Card>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={t("employer.actions.editTitle")}>
        {editing && (
          <ActionForm
            organizationId={organizationId}
            actionId={editing.id}
            values={{
              title: editing.title,
              description: editing.description,
              priority: editing.priority,
              dueDate: editing.dueOn,
              assignedTo: editing.assignedTo,
              redFlag: editing.redFlag && { surveyId: editing.redFlag.surveyId, category: editing.redFlag.category },
            }}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
