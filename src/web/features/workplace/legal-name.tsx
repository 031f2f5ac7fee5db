import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { legalNameInputSchema } from "../../../shared/schemas/workplace.js";
import { Button, buttonClass } from "../../components/ui/button.js";
import { LoadingState } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useLegalName, useSetLegalName } from "./api/workplace.js";

/**
 * Asks for the full legal name certificates carry, saying why Kindly keeps
 * it (Law 25: one purpose, stated where it is asked).
 */
export function LegalNameForm({ initial = "", onDone }: { initial?: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSetLegalName();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(legalNameInputSchema),
    defaultValues: { legalName: initial },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(t("workplace.legalName.saved"));
      onDone?.();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["legalName"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">{t("workplace.legalName.purpose")}</p>
      <TextField
        label={t("workplace.legalName.label")}
        autoComplete="name"
        error={fieldError(formState.errors.legalName)}
        {...register("legalName")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("workplace.legalName.saving") : t("workplace.legalName.save")}
        </Button>
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            {t("workplace.legalName.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** My legal name as certificates carry it, editable (the workplace settings). */
export function LegalNameSetting() {
  const { t } = useTranslation();
  const legalName = useLegalName();
  const [editing, setEditing] = useState(false);
  if (legalName.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (legalName.isError) return <LoadFailed onRetry={() => void legalName.refetch()} />;
  const name = legalName.data.legalName;
  return (
    <section aria-labelledby="legal-name-heading" className="space-y-2">
      <h3 id="legal-name-heading" className="font-semibold">
        {t("workplace.legalName.title")}
      </h3>
      {name && !editing ? (
        <>
          <p>{t("workplace.legalName.current", { name })}</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t("workplace.legalName.edit")}
          </Button>
        </>
      ) : (
        <LegalNameForm initial={name ?? ""} onDone={name ? () => setEditing(false) : undefined} />
      )}
    </section>
  );
}

/**
 * A certificate's download link, once the holder's legal name is known; the
 * first time, the form that asks for it stands in its place.
 */
export function CertificateDownload({ href, label, context }: { href: string; label: string; context?: string }) {
  const { t } = useTranslation();
  const legalName = useLegalName();
  if (legalName.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (legalName.isError) return <LoadFailed onRetry={() => void legalName.refetch()} />;
  if (!legalName.data.legalName) {
    return (
      <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
        <p className="font-semibold">{t("workplace.legalName.needed")}</p>
        <p className="text-sm text-slate-800">{t("workplace.legalName.ask")}</p>
        <LegalNameForm />
      </div>
    );
  }
  return (
    <a className={buttonClass()} href={href} download>
      {label}
      {context && <span className="sr-only"> — {context}</span>}
    </a>
  );
}
