import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_MAX, FEEDBACK_SUBJECT_MAX, feedbackInputSchema } from "../../../shared/schemas/workplace.js";
import { Button } from "../../components/ui/button.js";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useSendFeedback } from "./api/workplace.js";

const EMPTY = { subject: "", message: "", category: "wellbeing" as const, anonymous: false };

/** Feedback to the committee: collapsed, expanded, sent, then reset and collapsed again. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const send = useSendFeedback();
  const [expanded, setExpanded] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(feedbackInputSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(
    async (input) => {
      try {
        await send.mutateAsync(input);
        toast.success(t("workplace.committee.feedback.sent"), { description: t("workplace.committee.feedback.sentText") });
        reset(EMPTY);
        setExpanded(false);
      } catch (error) {
        showApiError(error, {
          form: { setError, fields: ["subject", "message"] },
          fallback: t("common.labelled", {
            label: t("workplace.committee.feedback.failed"),
            value: t("workplace.committee.feedback.failedText"),
          }),
        });
      }
    },
    () => toast.error(t("workplace.committee.feedback.missing"), { description: t("workplace.committee.feedback.missingText") }),
  );

  if (!expanded) {
    return <Button onClick={() => setExpanded(true)}>{t("workplace.committee.feedback.open")}</Button>;
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("workplace.committee.feedback.title")}>
      <h3 className="text-lg font-bold">{t("workplace.committee.feedback.title")}</h3>
      <TextField
        label={t("workplace.committee.feedback.subject")}
        maxLength={FEEDBACK_SUBJECT_MAX}
        required
        error={fieldError(formState.errors.subject)}
        {...register("subject")}
      />
      <TextAreaField
        label={t("workplace.committee.feedback.message")}
        rows={4}
        maxLength={FEEDBACK_MESSAGE_MAX}
        required
        error={fieldError(formState.errors.message)}
        {...register("message")}
      />
      <SelectField
        label={t("workplace.committee.feedback.category")}
        options={FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`workplace.committee.feedback.categories.${value}`) }))}
        {...register("category")}
      />
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1 h-4 w-4 accent-brand" aria-describedby="anonymous-hint" {...register("anonymous")} />
        <span>
          <span className="font-semibold">{t("workplace.committee.feedback.anonymous")}</span>
          <span id="anonymous-hint" className="block text-sm text-slate-600">
            {t("workplace.committee.feedback.anonymousHint")}
          </span>
        </span>
      </label>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          onClick={() => {
            reset(EMPTY);
            setExpanded(false);
          }}
        >
          {t("workplace.committee.feedback.cancel")}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t("workplace.committee.feedback.sending") : t("workplace.committee.feedback.submit")}
        </Button>
      </div>
    </form>
  );
}
