import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod/mini";
import { currentPasswordSchema, newUsernameSchema } from "../../../shared/schemas/account-fields.js";
import type { SsoPendingState } from "../../../shared/schemas/workplace.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { api, ApiError } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSession } from "../../lib/session.js";
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
]);

/** Into the area with a fresh page: the session the server just opened is read from scratch. */
const enterWorkplace = () => window.location.assign("/workplace-wellbeing");

const usernameFormSchema = z.object({ username: newUsernameSchema });
const passwordFormSchema = z.object({ password: currentPasswordSchema });

function CreateAccount({ token, pending }: { token: string; pending: SsoPendingState }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(usernameFormSchema),
    defaultValues: { username: pending.suggestedUsername },
  });
  const submit = handleSubmit(async ({ username }) => {
    try {
      await api(`/sso/pending/${token}/account`, { method: "POST", body: { username } });
      enterWorkplace();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["username"] } });
    }
  });
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
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("workplace.sso.creating") : t("workplace.sso.create")}
      </Button>
    </form>
  );
}

function LinkAccount({ token, pending }: { token: string; pending: SsoPendingState }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: "" },
  });
  const [linking, setLinking] = useState(false);
  const link = async () => {
    await api(`/sso/pending/${token}/link`, { method: "POST" });
    enterWorkplace();
  };
  const signInAndLink = handleSubmit(async ({ password }) => {
    try {
      await api("/auth/sign-in", { method: "POST", body: { email: pending.email, password } });
      await link();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["password"] } });
    }
  });
  const signedInAsOwner = user && user.email.toLowerCase() === pending.email.toLowerCase();
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold">{t("workplace.sso.linkTitle")}</h2>
      <p className="text-sm text-slate-700">{t("workplace.sso.linkIntro", { employer: pending.employerName, email: pending.email })}</p>
      {signedInAsOwner ? (
        <Button
          disabled={linking}
          onClick={() => {
            setLinking(true);
            link().catch((error: unknown) => {
              setLinking(false);
              showApiError(error);
            });
          }}
        >
          {t("workplace.sso.link")}
        </Button>
      ) : (
        <form onSubmit={signInAndLink} noValidate className="space-y-3">
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
      )}
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
  const error = params.get("error");
  const pending = useQuery({
    queryKey: ["sso-pending", token],
    queryFn: () => api<SsoPendingState>(`/sso/pending/${token}`),
    enabled: Boolean(token) && !error,
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
