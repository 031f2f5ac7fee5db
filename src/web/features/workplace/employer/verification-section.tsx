import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { responsibleInputSchema, verificationDoneInputSchema, type Verification } from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { TextAreaField, TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useAssignResponsible, useMarkVerificationDone, useVerifications } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

/** The spec's inline edit: the name, then Save or Cancel. */
function ResponsibleEditor({ organizationId, verification }: { organizationId: string; verification: Verification }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const assign = useAssignResponsible(organizationId);
  const [editing, setEditing] = useState(false);
  const date = formatDay(verification.date, i18n.language, "medium");
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(responsibleInputSchema),
    defaultValues: { responsiblePerson: verification.responsiblePerson ?? "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await assign.mutateAsync({ verificationId: verification.id, responsiblePerson: input.responsiblePerson });
      toast.success(t("employer.verifications.responsibleSaved"));
      setEditing(false);
    } catch (error) {
      showApiError(error, { fallback: t("employer.verifications.responsibleFailed") });
    }
  });
  if (!editing)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className={verification.responsiblePerson ? "" : "text-slate-600"}>
          {verification.responsiblePerson ?? t("employer.verifications.nobody")}
        </span>
        <Button variant="ghost" onClick={() => setEditing(true)}>
          {t("employer.verifications.editResponsible", { date })}
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <TextField
          label={t("employer.verifications.responsibleFor", { date })}
          autoFocus
          error={fieldError(formState.errors.responsiblePerson)}
          {...register("responsiblePerson")}
        />
      </div>
      <Button type="submit" disabled={assign.isPending}>
        {t("employer.verifications.save")}
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          reset({ responsiblePerson: verification.responsiblePerson ?? "" });
          setEditing(false);
        }}
      >
        {t("common.cancel")}
      </Button>
    </form>
  );
}

function DoneForm({ organizationId, verification, onDone }: { organizationId: string; verification: Verification; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const markDone = useMarkVerificationDone(organizationId);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(verificationDoneInputSchema),
    defaultValues: { note: "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await markDone.mutateAsync({ verificationId: verification.id, note: input.note });
      toast.success(t("employer.verifications.doneSaved"));
      onDone();
    } catch (error) {
      showApiError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextAreaField label={t("employer.verifications.note")} rows={3} error={fieldError(formState.errors.note)} {...register("note")} />
      <Button type="submit" disabled={markDone.isPending}>
        {t("employer.verifications.confirmDone")}
      </Button>
    </form>
  );
}

/** Verification schedule: every two months from the organisation's start, a responsible person, done with a note. */
export function VerificationSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const verifications = useVerifications(organizationId);
  const [marking, setMarking] = useState<Verification | null>(null);
  return (
    <Card className="space-y-3">
      <h3 className="font-bold">{t("employer.verifications.title")}</h3>
      <p className="text-sm text-slate-700">{t("employer.verifications.intro")}</p>
      <QueryState query={verifications}>
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.verifications.map((verification) => {
              const date = formatDay(verification.date, i18n.language, "medium");
              return (
                <li key={verification.id} className="grid gap-2 py-3 sm:grid-cols-[10rem_1fr_auto] sm:items-center">
                  <div>
                    <p className="font-semibold">{date}</p>
                    <p className={`text-sm ${verification.status === "done" ? "text-emerald-800" : "text-slate-600"}`}>
                      {verification.status === "done" && verification.doneAt
                        ? t("employer.verifications.doneOn", { date: formatDay(verification.doneAt, i18n.language, "medium") })
                        : t("employer.verifications.planned")}
                    </p>
                  </div>
                  <div>
                    <ResponsibleEditor organizationId={organizationId} verification={verification} />
                    {verification.note && <p className="text-sm text-slate-700">{verification.note}</p>}
                  </div>
                  {verification.status === "planned" && (
                    <Button variant="secondary" onClick={() => setMarking(verification)}>
                      {t("employer.verifications.markDone", { date })}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <Dialog
        open={marking !== null}
        onOpenChange={(open) => !open && setMarking(null)}
        title={t("employer.verifications.doneTitle", {
          date: marking ? formatDay(marking.date, i18n.language, "medium") : "",
        })}
      >
        {marking && <DoneForm organizationId={organizationId} verification={marking} onDone={() => setMarking(null)} />}
      </Dialog>
    </Card>
  );
}
