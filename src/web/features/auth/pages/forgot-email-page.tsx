import { zodResolver } from "../../../lib/zod-resolver.js";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { forgotEmailSchema, type ForgotEmailInput } from "../../../../shared/schemas/auth.js";
import { Button } from "../../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { useForgotEmail } from "../api/forgot-email.js";

export default function ForgotEmailPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<ForgotEmailInput>({
    resolver: zodResolver(forgotEmailSchema),
    defaultValues: { username: "" },
  });

  const forgotEmail = useForgotEmail();

  const submit = handleSubmit(async ({ username }) => {
    try {
      await forgotEmail.mutateAsync(username);
      setSent(true);
    } catch (error) {
      showApiError(error, { fallback: t("forgotEmail.failed") });
    }
  });

  return (
    <Page narrow>
      <Card>
        {sent ? (
          <StatusPanel
            tone="success"
            title={t("forgotEmail.sentTitle")}
            actions={
              <Link to="/auth" className="font-medium text-brand-dark underline">
                {t("common.backToLogin")}
              </Link>
            }
          >
            {t("forgotEmail.sent")}
          </StatusPanel>
        ) : (
          <>
            <PageTitle intro={t("forgotEmail.intro")}>{t("forgotEmail.title")}</PageTitle>
            <form onSubmit={submit} noValidate className="space-y-4">
              <TextField
                label={t("common.username")}
                autoComplete="username"
                error={fieldError(formState.errors.username)}
                {...register("username")}
              />
              <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? t("common.sending") : t("forgotEmail.submit")}
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
