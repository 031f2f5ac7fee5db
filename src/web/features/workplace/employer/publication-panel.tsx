import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { publicationInputSchema, type ActionItem } from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { TextAreaField } from "../../../components/ui/field.js";
import { useDecimal } from "../../../components/ui/survey-figures.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { usePublishAction, useUnpublishAction } from "./api/compliance.js";

/** The words employees will read: the employer writes or reviews them, starting from the action's own. */
function PublicationForm({ organizationId, action, onDone }: { organizationId: string; action: ActionItem; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const publish = usePublishAction(organizationId);
  const draft = action.published?.text ?? [action.title, action.description].filter(Boolean).join(". ");
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(publicationInputSchema),
    defaultValues: { text: draft },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await publish.mutateAsync({ actionId: action.id, text: input.text });
      toast.success(t("employer.actions.publication.saved"));
      onDone();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["text"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextAreaField
        label={t("employer.actions.publication.text")}
        rows={5}
        error={fieldError(formState.errors.text)}
        {...register("text")}
      />
      <Button type="submit" disabled={publish.isPending}>
        {t(action.published ? "employer.actions.publication.update" : "employer.actions.publication.submit")}
      </Button>
    </form>
  );
}

/**
 * "You said, we did" (issue 47 §6) on an action that answers a red flag:
 * publish it to employees in reviewed words, change them, withdraw it; and
 * whether the next survey found it helped.
 */
export function PublicationPanel({ organizationId, action }: { organizationId: string; action: ActionItem }) {
  const { t, i18n } = useTranslation();
  const decimal = useDecimal();
  const [editing, setEditing] = useState(false);
  const withdraw = useUnpublishAction(organizationId);
  // Publishing lives with the action; one that answers no red flag says how it could be published.
  if (!action.redFlag) return <p className="text-sm text-slate-700">{t("employer.actions.publication.needsFlag")}</p>;
  const followUp = action.followUp;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2">
      {action.published ? (
        <>
          <p className="text-sm font-semibold text-slate-800">
            {t("employer.actions.publication.published", { date: formatDay(action.published.at, i18n.language, "medium") })}
          </p>
          <p className="whitespace-pre-line text-sm text-slate-800">{action.published.text}</p>
          <p className="text-sm text-slate-700">
            {followUp === null
              ? t("employer.actions.publication.notAskedYet")
              : followUp.helped === null
                ? t("employer.actions.publication.helpedPending", { date: formatDay(followUp.periodStart, i18n.language, "medium") })
                : t("employer.actions.publication.helped", {
                    date: formatDay(followUp.periodStart, i18n.language, "medium"),
                    score: decimal(followUp.helped),
                  })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t("employer.actions.publication.edit", { title: action.title })}
            </Button>
            <Button
              variant="ghost"
              disabled={withdraw.isPending}
              onClick={() =>
                void withdraw.mutateAsync(action.id).then(
                  () => toast.success(t("employer.actions.publication.withdrawn")),
                  (error) => showApiError(error),
                )
              }
            >
              {t("employer.actions.publication.withdraw", { title: action.title })}
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t("employer.actions.publication.publish", { title: action.title })}
        </Button>
      )}
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t("employer.actions.publication.dialogTitle")}
        description={t("employer.actions.publication.intro", { category: t(`workplace.survey.categories.${action.redFlag.category}`) })}
      >
        {editing && <PublicationForm organizationId={organizationId} action={action} onDone={() => setEditing(false)} />}
      </Dialog>
    </div>
  );
}
