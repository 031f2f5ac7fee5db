import { zodResolver } from "../../../lib/zod-resolver.js";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { claimToCarry } from "../../../lib/pending-scan.js";
import { emailOnlySchema, type EmailOnlyInput } from "../../../../shared/schemas/auth.js";
import { Button } from "../../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { useForgotPassword } from "../api/forgot-password.js";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });

  const forgotPassword = useForgotPassword();
  // A scan kept while signed out rides along in the reset link.
  const [params] = useSearchParams();
  const claim = claimToCarry(params);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword.mutateAsync({ email, ...(claim ? { claim } : {}) });
      setSentTo(email);
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["email"] } });
    }
  });

  return (
    <Page narrow>
      <Card>
        {sentTo ? (
          <StatusPanel
            tone="success"
            title={t("forgotPassword.sentTitle")}
            actions={
              <Link to="/auth" className="font-medium text-brand-dark underline">
                {t("common.backToLogin")}
              </Link>
            }
          >
            {t("forgotPassword.sent", { email: sentTo })}
          </StatusPanel>
        ) : (
          <>
            <PageTitle intro={t("forgotPassword.intro")}>{t("forgotPassword.title")}</PageTitle>
            <form onSubmit={submit} noValidate className="space-y-4">
              <TextField
                label={t("common.email")}
                type="email"
                autoComplete="email"
                error={fieldError(formState.errors.email)}
                {...register("email")}
              />
              <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? t("common.sending") : t("forgotPassword.submit")}
              </Button>
            </form>
            <p className="mt-4 text-center text-sm">
              <Link to="/auth" className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {t("common.backToLogin")}
              </Link>
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}
