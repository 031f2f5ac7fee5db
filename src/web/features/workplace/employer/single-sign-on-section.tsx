import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ssoSettingsInputSchema, type SsoSettings } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { LoadingState } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { TextField } from "../../../components/ui/field.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useRemoveSso, useSaveSso, useSso } from "./api/workplace-access.js";
import { EmailDomainsSection } from "./email-domains-section.js";
import { IdentitySetupGuide } from "./identity-setup-guide.js";
import { ItHandoffForm } from "./it-handoff-form.js";
import { useCopyToClipboard } from "../copy-to-clipboard.js";

/** The SCIM base URL sits beside the callback on the same origin (the directory's settings show it too). */
const scimUrlOf = (state: SsoSettings) => `${new URL(state.redirectUri).origin}/scim/v2`;

function SettingsForm({ organizationId, current }: { organizationId: string; current: SsoSettings }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveSso(organizationId);
  const { register, handleSubmit, formState, setError, resetField } = useForm({
    resolver: zodResolver(ssoSettingsInputSchema),
    defaultValues: { issuer: current.issuer ?? "", clientId: current.clientId ?? "", clientSecret: null },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      resetField("clientSecret");
      toast.success(t("workplace.employer.sso.saved"));
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["issuer", "clientId", "clientSecret"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t("workplace.employer.sso.issuer")}
        hint={t("workplace.employer.sso.issuerHint")}
        inputMode="url"
        autoComplete="off"
        error={fieldError(formState.errors.issuer)}
        {...register("issuer")}
      />
      <TextField
        label={t("workplace.employer.sso.clientId")}
        autoComplete="off"
        error={fieldError(formState.errors.clientId)}
        {...register("clientId")}
      />
      <TextField
        label={t("workplace.employer.sso.clientSecret")}
        type="password"
        autoComplete="new-password"
        hint={current.configured ? t("workplace.employer.sso.secretKept") : undefined}
        error={fieldError(formState.errors.clientSecret)}
        {...register("clientSecret", { setValueAs: (value: string | null) => (value ? value : null) })}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("workplace.employer.sso.checking") : t("workplace.employer.sso.save")}
      </Button>
    </form>
  );
}

/**
 * Single sign-on (issue 47 §1): the employer names its OpenID Connect
 * provider; Kindly gives back the redirect URI to register there and the
 * link its employees sign in with. Access codes keep working beside it.
 */
export function SingleSignOnSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const sso = useSso(organizationId);
  const remove = useRemoveSso(organizationId);
  const [confirming, setConfirming] = useState(false);
  const copyToClipboard = useCopyToClipboard();
  const copy = (value: string) => copyToClipboard(value, t("workplace.employer.directory.copied"));
  const state = sso.data;
  return (
    <section className="space-y-3" aria-labelledby="single-sign-on">
      <div>
        <h3 id="single-sign-on" className="font-semibold">
          {t("workplace.employer.sso.title")}
        </h3>
        <p className="text-sm text-slate-700">{t("workplace.employer.sso.intro")}</p>
        {/* Plain words first: what it does for employees and who does what, before the settings that speak to IT. */}
        <p className="mt-2 text-sm text-slate-800">{t("workplace.employer.sso.summary")}</p>
      </div>
      <ItHandoffForm organizationId={organizationId} />
      {sso.isPending && <LoadingState label={t("workplace.loading")} />}
      {sso.isError && <LoadFailed onRetry={() => void sso.refetch()} />}
      {state && (
        <>
          <p className="text-sm font-medium">
            {state.configured
              ? t("workplace.employer.sso.configured", { date: formatDay(state.updatedAt!, i18n.language, "medium") })
              : t("workplace.employer.sso.notConfigured")}
          </p>
          <TextField
            label={t("workplace.employer.sso.redirectUri")}
            hint={t("workplace.employer.sso.redirectUriHint")}
            value={state.redirectUri}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <SettingsForm key={state.updatedAt ?? "new"} organizationId={organizationId} current={state} />
          <EmailDomainsSection organizationId={organizationId} />
          <IdentitySetupGuide
            audience="employer"
            values={{ redirectUri: state.redirectUri, signInUrl: state.signInUrl, scimUrl: scimUrlOf(state), organizationName: "" }}
          />
          {state.configured && (
            <div className="space-y-2 border-t border-slate-100 pt-3">
              <TextField
                label={t("workplace.employer.sso.signInLink")}
                hint={t("workplace.employer.sso.signInLinkHint")}
                value={state.signInUrl}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void copy(state.signInUrl)}>
                  {t("workplace.employer.sso.copyLink")}
                </Button>
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t("workplace.employer.sso.remove")}
                </Button>
              </div>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("workplace.employer.sso.removeTitle")}
        description={t("workplace.employer.sso.removeText")}
        confirmLabel={t("workplace.employer.sso.remove")}
        busy={remove.isPending}
        onConfirm={() =>
          void remove
            .mutateAsync()
            .then(() => toast.success(t("workplace.employer.sso.removed")), showApiError)
            .finally(() => setConfirming(false))
        }
      />
    </section>
  );
}
