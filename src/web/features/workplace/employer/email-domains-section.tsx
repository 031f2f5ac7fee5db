import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { emailDomainInputSchema, type EmailDomain } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { LoadingState } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useAddEmailDomain, useCheckEmailDomain, useEmailDomains, useRemoveEmailDomain } from "./api/workplace-access.js";

function DomainRow({ organizationId, domain }: { organizationId: string; domain: EmailDomain }) {
  const { t, i18n } = useTranslation();
  const check = useCheckEmailDomain(organizationId);
  const remove = useRemoveEmailDomain(organizationId);
  const words = "workplace.employer.sso.domains";
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{domain.domain}</p>
        <p className={`text-sm ${domain.verifiedAt ? "text-emerald-700" : "text-slate-700"}`}>
          {domain.verifiedAt
            ? t(`${words}.verified`, { date: formatDay(domain.verifiedAt, i18n.language, "medium") })
            : t(`${words}.notVerified`)}
        </p>
      </div>
      {!domain.verifiedAt && (
        <>
          <p className="text-sm text-slate-700">{t(`${words}.instructions`)}</p>
          <TextField label={t(`${words}.recordName`)} value={domain.recordName} readOnly onFocus={(e) => e.currentTarget.select()} />
          <TextField label={t(`${words}.recordValue`)} value={domain.recordValue} readOnly onFocus={(e) => e.currentTarget.select()} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {!domain.verifiedAt && (
          <Button
            variant="secondary"
            disabled={check.isPending}
            onClick={() =>
              void check
                .mutateAsync(domain.domain)
                .then(() => toast.success(t(`${words}.nowVerified`, { domain: domain.domain })), showApiError)
            }
          >
            {check.isPending ? t(`${words}.checking`) : t(`${words}.check`)}
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={remove.isPending}
          onClick={() =>
            void remove.mutateAsync(domain.domain).then(() => toast.success(t(`${words}.removed`, { domain: domain.domain })), showApiError)
          }
        >
          {t(`${words}.remove`, { domain: domain.domain })}
        </Button>
      </div>
    </li>
  );
}

/**
 * The email domains an employer proves it owns (issue 58 §1): its provider's
 * "verified" counts only there; anyone else confirms their address by mail.
 */
export function EmailDomainsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const domains = useEmailDomains(organizationId);
  const add = useAddEmailDomain(organizationId);
  const words = "workplace.employer.sso.domains";
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(emailDomainInputSchema),
    defaultValues: { domain: "" },
  });
  const submit = handleSubmit(async ({ domain }) => {
    try {
      await add.mutateAsync(domain);
      reset();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["domain"] } });
    }
  });
  return (
    <section className="space-y-3 border-t border-slate-100 pt-3" aria-labelledby="email-domains">
      <div>
        <h4 id="email-domains" className="font-semibold">
          {t(`${words}.title`)}
        </h4>
        <p className="text-sm text-slate-700">{t(`${words}.intro`)}</p>
      </div>
      {domains.isPending && <LoadingState label={t("workplace.loading")} />}
      {domains.isError && <LoadFailed onRetry={() => void domains.refetch()} />}
      {domains.data &&
        (domains.data.domains.length === 0 ? (
          <p className="text-sm text-slate-700">{t(`${words}.empty`)}</p>
        ) : (
          <ul className="space-y-2">
            {domains.data.domains.map((domain) => (
              <DomainRow key={domain.domain} organizationId={organizationId} domain={domain} />
            ))}
          </ul>
        ))}
      <form onSubmit={submit} noValidate className="space-y-2">
        <TextField
          label={t(`${words}.domain`)}
          hint={t(`${words}.domainHint`)}
          autoComplete="off"
          inputMode="url"
          error={fieldError(formState.errors.domain)}
          {...register("domain")}
        />
        <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>
          {t(`${words}.add`)}
        </Button>
      </form>
    </section>
  );
}
