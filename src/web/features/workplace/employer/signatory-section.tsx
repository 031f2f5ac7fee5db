import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { signatoryInputSchema, type SignatoryState } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { LoadingState } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useSetSignatory, useSignatory } from "./api/workplace-access.js";

function SignatoryForm({ organizationId, current }: { organizationId: string; current: SignatoryState["signatory"] }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSetSignatory(organizationId);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(signatoryInputSchema),
    defaultValues: current ?? { name: "", title: "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(t("workplace.employer.signatory.saved"));
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["name", "title"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <TextField
        label={t("workplace.employer.signatory.name")}
        autoComplete="name"
        error={fieldError(formState.errors.name)}
        {...register("name")}
      />
      <TextField
        label={t("workplace.employer.signatory.role")}
        autoComplete="organization-title"
        error={fieldError(formState.errors.title)}
        {...register("title")}
      />
      <Button type="submit" disabled={save.isPending}>
        {t("workplace.employer.signatory.save")}
      </Button>
    </form>
  );
}

/** Who signs the employees' certificates: named once in the settings, printed on every certificate issued after. */
export function SignatorySection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const signatory = useSignatory(organizationId);
  return (
    <section className="space-y-3" aria-labelledby="certificate-signatory">
      <div>
        <h3 id="certificate-signatory" className="font-semibold">
          {t("workplace.employer.signatory.title")}
        </h3>
        <p className="text-sm text-slate-700">{t("workplace.employer.signatory.intro")}</p>
      </div>
      {signatory.isPending && <LoadingState label={t("workplace.loading")} />}
      {signatory.isError && <LoadFailed onRetry={() => void signatory.refetch()} />}
      {signatory.data && (
        <>
          {!signatory.data.signatory && <p className="text-sm text-slate-700">{t("workplace.employer.signatory.none")}</p>}
          <SignatoryForm organizationId={organizationId} current={signatory.data.signatory} />
        </>
      )}
    </section>
  );
}
