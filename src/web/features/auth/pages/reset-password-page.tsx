import { zodResolver } from "../../../lib/zod-resolver.js";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { passwordPairSchema, type PasswordPairInput } from "../../../../shared/schemas/auth.js";
import { Button, ButtonLink } from "../../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { ApiError } from "../../../lib/api.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { claimPath, claimToCarry } from "../../../lib/pending-scan.js";
import { useResetLinkCheck, useResetPassword } from "../api/reset-password.js";
import { ResetLinkedSignIns } from "../components/reset-linked-sign-ins.js";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const { register, handleSubmit, formState, setError } = useForm<PasswordPairInput>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const resetPassword = useResetPassword();
  const check = useResetLinkCheck(token);
  const linkRefused = check.error instanceof ApiError && check.error.code === "invalid_token";

  if (token && check.isPending) return <LoadingState label={t("resetPassword.checkingLink")} />;
  if (!token || linkRefused) {
    return (
      <Page narrow>
        <Card>
          <StatusPanel
            tone="error"
            title={t("resetPassword.title")}
            actions={<ButtonLink to="/forgot-password">{t("resetPassword.requestNew")}</ButtonLink>}
          >
            {t("resetPassword.invalidTokens")}
          </StatusPanel>
        </Card>
      </Page>
    );
  }

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await resetPassword.mutateAsync({ token, password });
        toast.success(t("resetPassword.success"));
        // Back to the act kept while signed out, if there is one (sign-in comes first there).
        const claim = claimToCarry(params);
        navigate(claim ? claimPath(claim) : "/profile", { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.code === "invalid_token") {
          setError("root", { message: "resetPassword.invalidTokens" });
        } else {
          showApiError(error, { form: { setError, fields: ["password"] } });
        }
      }
    },
    (errors) => {
      // docs/spec/participant.md §5: an empty field gets the two-field message.
      if (errors.password?.message === "validation.passwordRequired" || errors.confirmPassword?.message === "validation.passwordRequired") {
        setError("root", { message: "resetPassword.bothRequired" });
      }
    },
  );

  return (
    <Page narrow>
      <Card>
        <PageTitle>{t("resetPassword.title")}</PageTitle>
        <form onSubmit={submit} noValidate className="space-y-4">
          {formState.errors.root && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {fieldError(formState.errors.root)}
            </p>
          )}
          <TextField
            label={t("resetPassword.newPassword")}
            type="password"
            autoComplete="new-password"
            hint={t("auth.passwordHint")}
            error={fieldError(formState.errors.password)}
            {...register("password")}
          />
          <TextField
            label={t("resetPassword.confirmPassword")}
            type="password"
            autoComplete="new-password"
            error={fieldError(formState.errors.confirmPassword)}
            {...register("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t("common.saving") : t("resetPassword.submit")}
          </Button>
        </form>
        <ResetLinkedSignIns token={token} />
      </Card>
    </Page>
  );
}
