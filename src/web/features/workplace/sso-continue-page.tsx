import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod/mini";
import { currentPasswordSchema, newUsernameSchema } from "../../../shared/schemas/account-fields.js";
import type { SsoAccountResult, SsoPendingState } from "../../../shared/schemas/workplace.js";
import { SSO_PENDING_MINUTES } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { api, ApiError } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { TermsConsent } from "../../components/ui/terms-consent.js";

/** Codes the sign-in's last stop sends here, each with its own words; any other says the sign-in failed. */
const KNOWN_ERRORS = new Set([
  "sso_sign_in_expired",
  "sso_answer_refused",
  "sso_provider_unavailable",
  "sso_not_configured",
  "sso_email_missing",
  "sso_other_employer",
  "sso_access_withdrawn",
  "sso_other_browser",
  "sso_issuer_refused",
]);

/** The confirmation, or why it failed (another browser, an expired link) in the same words as the rest of the page. */
function ConfirmAddressOrFailure({ token, code, failure }: { token: string; code: string; failure: (code: string | null) => ReactNode }) {
  const { t } = useTranslation();
  const confirmation = useQuery({
    queryKey: ["sso-confirm", token, code],
    queryFn: async () => {
      await api(`/sso/pending/${token}/confirm`, { method: "POST", body: { code } });
      enterWorkplace();
      return true;
    },
    retry: false,
    staleTime: Infinity,
  });
  if (confirmation.isError) return failure(confirmation.error instanceof ApiError ? confirmation.error.code : null);
  return <LoadingState label={t("workplace.sso.confirming")} />;
}

/** Into the area with a fresh page: the session the server just opened is read from scratch. */
const enterWorkplace = () => window.location.assign("/workplace-wellbeing");

const usernameFormSchema = z.object({ username: newUsernameSchema });
const passwordFormSchema = z.object({ password: currentPasswordSchema });

function CreateAccount({ token, pending }: { token: string; pending: SsoPendingState }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sent, setSent] = useState(pending.confirmationSent);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(usernameFormSchema),
    defaultValues: { username: pending.suggestedUsername },
  });
  const submit = handleSubmit(async ({ username }) => {
    try {
      const result = await api<SsoAccountResult>(`/sso/pending/${token}/account`, { method: "POST", body: { username } });
      if (result.status === "signed_in") enterWorkplace();
      else setSent(true);
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["username"] } });
    }
  });
  if (sent) {
    return (
      <StatusPanel tone="success" title={t("workplace.sso.confirmSentTitle")}>
        {t("workplace.sso.confirmSent", { email: pending.email, minutes: SSO_PENDING_MINUTES })}
      </StatusPanel>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h2 className="text-lg font-bold">{t("workplace.sso.createTitle")}</h2>
      <p className="text-sm text-slate-700">{t("workplace.sso.createIntro", { employer: pending.employerName, email: pending.email })}</p>
      <TextField
        label={t("workplace.sso.username")}
        autoComplete="username"
        hint={t("workplace.sso.usernameHint")}
        error={fieldError(formState.errors.username)}
        {...register("username")}
      />
      <TermsConsent />
      {pending.needsConfirmation ? (
        <p className="text-sm text-slate-700">{t("workplace.sso.confirmHint", { email: pending.email })}</p>
      ) : null}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("workplace.sso.creating") : t("workplace.sso.create")}
      </Button>
    </form>
  );
}

function LinkAccount({ token, pending }: { token: string; pending: SsoPendingState }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: "" },
  });
  // The password is checked where the link is made: a session already open is not proof enough.
  const signInAndLink = handleSubmit(async ({ password }) => {
    try {
      await api(`/sso/pending/${token}/link`, { method: "POST", body: { password } });
      enterWorkplace();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["password"] } });
    }
  });
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold">{t("workplace.sso.linkTitle")}</h2>
      <p className="text-sm text-slate-700">{t("workplace.sso.linkIntro", { employer: pending.employerName, email: pending.email })}</p>
      <form onSubmit={signInAndLink} noValidate className="space-y-3">
        <p className="text-sm text-slate-700">{t("workplace.sso.linkPasswordIntro")}</p>
        <TextField label={t("workplace.sso.email")} value={pending.email} readOnly autoComplete="username" />
        <TextField
          label={t("workplace.sso.password")}
          type="password"
          autoComplete="current-password"
          error={fieldError(formState.errors.password)}
          {...register("password")}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {t("workplace.sso.signInAndLink")}
        </Button>
        <p className="text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-dark underline">
            {t("workplace.sso.forgotPassword")}
          </Link>
        </p>
      </form>
    </div>
  );
}

/**
 * /sso/continue: where an employer's sign-in lands when Kindly needs the
 * person (a first sign-in: create an account, or prove the one holding the
 * address with its password), or says why the sign-in could not finish.
 */
export default function SsoContinuePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const code = params.get("confirm");
  const error = params.get("error");
  const pending = useQuery({
    queryKey: ["sso-pending", token],
    queryFn: () => api<SsoPendingState>(`/sso/pending/${token}`),
    enabled: Boolean(token) && !error && !code,
    retry: false,
    staleTime: Infinity,
  });
  const failure = (code: string | null) => (
    <StatusPanel
      tone="error"
      title={t(code && KNOWN_ERRORS.has(code) ? (`workplace.sso.errors.${code}` as never) : "workplace.sso.errors.other")}
      actions={
        <Link to="/workplace-wellbeing" className="font-semibold text-brand-dark underline">
          {t("workplace.sso.backToWorkplace")}
        </Link>
      }
    />
  );
  let body;
  if (error || !token) body = failure(error);
  else if (code) body = <ConfirmAddressOrFailure token={token} code={code} failure={failure} />;
  else if (pending.isPending) body = <LoadingState label={t("workplace.loading")} />;
  else if (pending.isError) body = failure(pending.error instanceof ApiError ? pending.error.code : null);
  else
    body = (
      <Card>
        {pending.data.accountExists ? (
          <LinkAccount token={token} pending={pending.data} />
        ) : (
          <CreateAccount token={token} pending={pending.data} />
        )}
      </Card>
    );
  return (
    <Page>
      <PageTitle>{t("workplace.sso.pageTitle")}</PageTitle>
      {body}
    </Page>
  );
}
