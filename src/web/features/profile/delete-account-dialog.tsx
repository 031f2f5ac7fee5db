import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { deleteAccountSchema, type DeleteAccountInput } from "../../../shared/schemas/auth.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useDeleteAccount } from "./api/delete-account.js";
import { dateFormat } from "../../../shared/i18n/format.js";

/** Deleting the account: what happens, when, how to change one's mind; the password proves it is the owner. */
export default function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const deleteAccount = useDeleteAccount();
  const { register, handleSubmit, formState, reset, setError } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });

  const submit = handleSubmit(async (input) => {
    try {
      const { purgeAfter, cancelBefore } = await deleteAccount.mutateAsync(input);
      const day = dateFormat(i18n.language, { dateStyle: "long" });
      toast.success(
        t("profile.deleteAccount.done", { purgeDate: day.format(new Date(purgeAfter)), cancelDate: day.format(new Date(cancelBefore)) }),
      );
      navigate("/", { replace: true });
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["password"] } });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t("profile.deleteAccount.title")}
      description={t("profile.deleteAccount.description")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("profile.deleteAccount.now")}</li>
          <li>{t("profile.deleteAccount.later")}</li>
          <li>{t("profile.deleteAccount.kept")}</li>
          <li>{t("profile.deleteAccount.cancel")}</li>
        </ul>
        <TextField
          label={t("profile.deleteAccount.password")}
          type="password"
          autoComplete="current-password"
          error={fieldError(formState.errors.password)}
          {...register("password")}
        />
        <Button type="submit" variant="danger" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("profile.deleteAccount.deleting") : t("profile.deleteAccount.submit")}
        </Button>
      </form>
    </Dialog>
  );
}
