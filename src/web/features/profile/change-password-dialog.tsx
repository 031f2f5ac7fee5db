import { zodResolver } from "../../lib/zod-resolver.js";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod/mini";
import { currentPasswordSchema, passwordSchema } from "../../../shared/schemas/account-fields.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { useChangePassword } from "./api/change-password.js";

const formSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string().check(z.minLength(1, "validation.passwordRequired")),
    revokeOtherSessions: z.boolean(),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: "changePassword.mismatch" }),
  );
type FormInput = z.infer<typeof formSchema>;

export default function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState, reset, setError } = useForm<FormInput>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true },
  });

  const changePassword = useChangePassword();

  const submit = handleSubmit(
    async ({ currentPassword, newPassword, revokeOtherSessions }) => {
      try {
        await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
        toast.success(t("changePassword.success"));
        reset();
        onOpenChange(false);
      } catch (error) {
        showApiError(error, { form: { setError, fields: ["currentPassword", "newPassword"] } });
      }
    },
    (errors) => {
      const empty = Object.values(errors).some((e) => e?.message === "validation.passwordRequired");
      if (empty) setError("root", { message: "validation.fillAllFields" });
    },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t("changePassword.title")}
      description={t("changePassword.description")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {formState.errors.root && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {fieldError(formState.errors.root)}
          </p>
        )}
        <TextField
          label={t("changePassword.current")}
          type="password"
          autoComplete="current-password"
          error={fieldError(formState.errors.currentPassword)}
          {...register("currentPassword")}
        />
        <TextField
          label={t("changePassword.new")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.passwordHint")}
          error={fieldError(formState.errors.newPassword)}
          {...register("newPassword")}
        />
        <TextField
          label={t("changePassword.confirm")}
          type="password"
          autoComplete="new-password"
          error={fieldError(formState.errors.confirmPassword)}
          {...register("confirmPassword")}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" className="h-5 w-5 accent-brand" {...register("revokeOtherSessions")} />
          {t("changePassword.signOutOthers")}
        </label>
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("common.saving") : t("changePassword.submit")}
        </Button>
      </form>
    </Dialog>
  );
}
