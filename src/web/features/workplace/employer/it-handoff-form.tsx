import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { LANGUAGE_DETAILS, LANGUAGES, languageFromTag } from "../../../../shared/i18n/languages.js";
import { itHandoffInputSchema, type ItHandoffInput } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { SelectField, TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useSendItHandoff } from "./api/workplace-access.js";
import { useCopyToClipboard } from "../copy-to-clipboard.js";

/**
 * "Send to your IT person" (issue 61 §2): the address of whoever runs the
 * employer's identity provider, and the language to write to them in. They
 * get a link to a page with this employer's values in the providers' guide;
 * the link is shown here too, to copy into a ticket or a chat.
 */
export function ItHandoffForm({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const send = useSendItHandoff(organizationId);
  const [sent, setSent] = useState<{ url: string; expiresAt: string; email: string } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ItHandoffInput>({
    resolver: zodResolver(itHandoffInputSchema),
    defaultValues: { email: "", language: languageFromTag(i18n.language) },
  });
  const submit = handleSubmit(async (input) => {
    try {
      const answer = await send.mutateAsync(input);
      setSent({ ...answer, email: input.email });
      toast.success(t("workplace.employer.itHandoff.sent", { email: input.email }));
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["email", "language"] } });
    }
  });
  const copyToClipboard = useCopyToClipboard();
  const copy = () => copyToClipboard(sent!.url, t("workplace.employer.directory.copied"));
  return (
    <section aria-labelledby="it-handoff" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h4 id="it-handoff" className="font-semibold">
        {t("workplace.employer.itHandoff.title")}
      </h4>
      <p className="text-sm text-slate-700">{t("workplace.employer.itHandoff.intro")}</p>
      <form onSubmit={submit} noValidate className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto]">
        <TextField
          label={t("workplace.employer.itHandoff.email")}
          type="email"
          autoComplete="off"
          error={fieldError(formState.errors.email)}
          {...register("email")}
        />
        <SelectField
          label={t("workplace.employer.itHandoff.language")}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_DETAILS[language].nativeName }))}
          {...register("language")}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("common.sending") : t("workplace.employer.itHandoff.send")}
        </Button>
      </form>
      {sent && (
        <div role="status" className="space-y-2 text-sm">
          <p>{t("workplace.employer.itHandoff.sentDetail", { email: sent.email, date: formatDay(sent.expiresAt, i18n.language) })}</p>
          <TextField
            label={t("workplace.employer.itHandoff.link")}
            value={sent.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {t("workplace.employer.itHandoff.copy")}
          </Button>
        </div>
      )}
    </section>
  );
}
