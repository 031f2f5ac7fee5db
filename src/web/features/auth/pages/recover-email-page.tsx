import { zodResolver } from "../../../lib/zod-resolver.js";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { z } from "zod/mini";
import { emailSchema } from "../../../../shared/schemas/account-fields.js";
import { Button, ButtonLink } from "../../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { ApiError } from "../../../lib/api.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { useCompleteEmailRecovery, useRecoveryLink } from "../api/email-recovery.js";

const formSchema = z.object({ email: emailSchema });
type Outcome = { emailChanged: boolean; oldEmail: string; newEmail: string };

export default function RecoverEmailPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [invalid, setInvalid] = useState(false);
  const link = useRecoveryLink(token);
  const complete = useCompleteEmailRecovery();
  const { register, handleSubmit, formState, reset, watch, setError } = useForm<{ email: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: "" },
  });
  useEffect(() => {
    if (link.data) reset({ email: link.data.email });
  }, [link.data, reset]);

  if (!token) return <Navigate to="/auth" replace />;

  const submit = handleSubmit(async ({ email }) => {
    const changing = email.trim().toLowerCase() !== link.data?.email;
    try {
      setOutcome(await complete.mutateAsync({ token, email: changing ? email : undefined }));
    } catch (error) {
      if (error instanceof ApiError && error.code === "recovery_link_invalid") setInvalid(true);
      else if (error instanceof ApiError && error.code === "email_taken") showApiError(error, { form: { setError, fields: ["email"] } });
      else showApiError(error, { fallback: changing ? t("recoverEmail.updateFailed") : t("recoverEmail.confirmFailed") });
    }
  });

  let content;
  if (link.isPending) {
    content = <LoadingState label={t("recoverEmail.validating")} />;
  } else if (link.isError || invalid) {
    content = (
      <StatusPanel
        tone="error"
        title={t("recoverEmail.invalidTitle")}
        actions={<ButtonLink to="/forgot-email">{t("recoverEmail.requestNew")}</ButtonLink>}
      >
        {t("recoverEmail.invalid")}
      </StatusPanel>
    );
  } else if (outcome) {
    content = (
      <StatusPanel
        tone="success"
        title={outcome.emailChanged ? t("recoverEmail.changedTitle") : t("recoverEmail.successTitle")}
        actions={<ButtonLink to="/auth">{t("confirm.signIn")}</ButtonLink>}
      >
        {outcome.emailChanged
          ? t("recoverEmail.changed", { email: outcome.newEmail, oldEmail: outcome.oldEmail })
          : t("recoverEmail.confirmed", { email: outcome.newEmail })}
      </StatusPanel>
    );
  } else {
    content = (
      <>
        <PageTitle intro={t("recoverEmail.intro", { username: link.data.username })}>{t("recoverEmail.title")}</PageTitle>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label={t("recoverEmail.emailLabel")}
            type="email"
            autoComplete="email"
            error={fieldError(formState.errors.email)}
            {...register("email")}
          />
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            {formState.isSubmitting
              ? t("common.saving")
              : watch("email").trim().toLowerCase() === link.data.email
                ? t("recoverEmail.confirm")
                : t("recoverEmail.update")}
          </Button>
        </form>
      </>
    );
  }
  return (
    <Page narrow>
      <Card>{content}</Card>
    </Page>
  );
}
