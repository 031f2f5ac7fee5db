import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { manualActsSchema, PROOF_TYPES, type ManualActsInput } from "../../../shared/schemas/admin.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.js";
import { ApiError } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useManualBatches, useRecordManualActs } from "./api/manual-acts.js";
import { OrganizationChoice } from "./organization-choice.js";
import { Pager } from "./pager.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

const FIELDS = ["organizationId", "count", "description", "proofType", "proofDescription", "performedOn"] as const;

function ManualActsForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const record = useRecordManualActs();
  const [result, setResult] = useState<string | null>(null);
  const blank = (): ManualActsInput => ({
    organizationId: "",
    count: 1,
    description: "",
    proofType: "photo",
    proofDescription: "",
    performedOn: newYorkDay(new Date()),
  });
  const { register, handleSubmit, formState, control, reset, setError } = useForm<ManualActsInput>({
    resolver: zodResolver(manualActsSchema),
    defaultValues: blank(),
  });
  const submit = handleSubmit(async (input) => {
    setResult(null);
    try {
      const answer = await record.mutateAsync(input);
      const message = t("admin.manual.success", { count: answer.count, start: answer.start, end: answer.end });
      // Kept on the page (not only in a toast) so the range can be copied into the proof records.
      setResult(message);
      toast.success(message);
      reset({ ...blank(), organizationId: input.organizationId });
    } catch (error) {
      showApiError(error, {
        form: { setError, fields: FIELDS },
        fallback: error instanceof ApiError ? t("admin.manual.failed", { message: error.message }) : undefined,
      });
    }
  });
  return (
    <Card>
      <h3 className="text-lg font-bold">{t("admin.manual.title")}</h3>
      <p className="mt-1 text-sm text-slate-700">{t("admin.manual.help")}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Controller
          control={control}
          name="organizationId"
          render={({ field, fieldState }) => (
            <OrganizationChoice value={field.value} onChange={field.onChange} error={fieldError(fieldState.error)} />
          )}
        />
        <TextField
          label={t("admin.manual.count")}
          type="number"
          min={1}
          max={100}
          hint={t("admin.manual.countHelp")}
          error={fieldError(formState.errors.count)}
          {...register("count", { setValueAs: (value: string) => (value === "" ? 1 : Number(value)) })}
        />
        <TextAreaField
          label={t("admin.manual.description")}
          error={fieldError(formState.errors.description)}
          {...register("description")}
        />
        <SelectField
          label={t("admin.manual.proofType")}
          options={PROOF_TYPES.map((value) => ({ value, label: t(`admin.manual.proof.${value}`) }))}
          error={fieldError(formState.errors.proofType)}
          {...register("proofType")}
        />
        <TextAreaField
          label={t("admin.manual.proofDescription")}
          error={fieldError(formState.errors.proofDescription)}
          {...register("proofDescription")}
        />
        <TextField
          label={t("admin.manual.performedOn")}
          type="date"
          max={newYorkDay(new Date())}
          error={fieldError(formState.errors.performedOn)}
          {...register("performedOn")}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("admin.manual.submitting") : t("admin.manual.submit")}
        </Button>
        {result && (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
            {result}
          </p>
        )}
      </form>
    </Card>
  );
}

function BatchHistory() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const batches = useManualBatches(page);
  const number = numberFormat(i18n.language);
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  const dateTime = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Card aria-labelledby="batches-title">
      <h3 id="batches-title" className="text-lg font-bold">
        {t("admin.manual.history")}
      </h3>
      {batches.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : batches.error ? (
        <p role="alert">{t("admin.loadFailed")}</p>
      ) : batches.data.items.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("admin.manual.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {batches.data.items.map((batch) => (
            <li key={batch.id} className="space-y-1 py-3 text-sm">
              <p className="font-semibold">
                {batch.organizationName} · {t("admin.manual.range", { start: number.format(batch.start), end: number.format(batch.end) })}
              </p>
              <p>{batch.description}</p>
              <p className="text-slate-700">
                {t(`admin.manual.proof.${batch.proofType}`)}
                {batch.proofDescription && ` · ${batch.proofDescription}`}
              </p>
              <p className="text-slate-600">
                {t("admin.manual.performed", { date: date.format(new Date(`${batch.performedOn}T12:00:00`)) })} ·{" "}
                {t("admin.manual.recordedBy", {
                  name: batch.recordedBy ?? t("admin.manual.deletedAccount"),
                  date: dateTime.format(new Date(batch.recordedAt)),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {batches.data && (
        <div className="mt-3">
          <Pager page={page} hasMore={batches.data.hasMore} onPage={setPage} label={t("admin.manual.history")} />
        </div>
      )}
    </Card>
  );
}

/** Acts that happened offline, recorded with their proof; every batch is kept and listed. */
export function ManualActsTab() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="manual-title" className="space-y-4">
      <h2 id="manual-title" className="text-xl font-bold">
        {t("admin.tabs.manualActs")}
      </h2>
      <ManualActsForm />
      <BatchHistory />
    </section>
  );
}
