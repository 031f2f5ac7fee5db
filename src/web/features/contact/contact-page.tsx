import { zodResolver } from "../../lib/zod-resolver.js";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Bug } from "lucide-react";
import { bugReportSchema, contactMessageSchema, type BugReportInput, type ContactMessageInput } from "../../../shared/schemas/contact.js";
import { Button } from "../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../components/ui/card.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextAreaField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSendBugReport } from "./api/send-bug-report.js";
import { useSendContactMessage } from "./api/send-contact-message.js";
import { useFieldError } from "../../lib/use-field-error.js";

function useRequiredFieldsMessage() {
  const { t } = useTranslation();
  // Spec organisation 5: an empty field gets "Please fill in all fields".
  return (errors: Record<string, { message?: string } | undefined>) => {
    const missing = Object.values(errors).some(
      (e) => e?.message === "validation.fieldRequired" || e?.message === "validation.emailRequired",
    );
    if (missing) toast.error(t("validation.fillAllFields"));
  };
}

function BugReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const onInvalid = useRequiredFieldsMessage();
  const { register, handleSubmit, formState, reset } = useForm<BugReportInput>({
    resolver: zodResolver(bugReportSchema),
    defaultValues: { name: "", email: "", bugDescription: "" },
  });
  const sendBugReport = useSendBugReport();
  const submit = handleSubmit(async (input) => {
    try {
      await sendBugReport.mutateAsync(input);
      toast.success(t("contact.bugSuccess"));
      reset();
      onOpenChange(false);
    } catch (error) {
      showApiError(error, { fallback: t("contact.bugFailed") });
    }
  }, onInvalid);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("contact.bugDialogTitle")} description={t("contact.bugDialogDescription")}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t("contact.bugName")} autoComplete="name" error={fieldError(formState.errors.name)} {...register("name")} />
        <TextField
          label={t("contact.bugEmail")}
          type="email"
          autoComplete="email"
          error={fieldError(formState.errors.email)}
          {...register("email")}
        />
        <TextAreaField
          label={t("contact.bugDescription")}
          error={fieldError(formState.errors.bugDescription)}
          {...register("bugDescription")}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("common.sending") : t("contact.bugSend")}
        </Button>
      </form>
    </Dialog>
  );
}

export default function ContactPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const onInvalid = useRequiredFieldsMessage();
  const [bugOpen, setBugOpen] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { firstName: "", lastName: "", email: "", subject: "", message: "" },
  });
  const sendContactMessage = useSendContactMessage();
  const submit = handleSubmit(async (input) => {
    try {
      await sendContactMessage.mutateAsync(input);
      toast.success(t("contact.success"));
      reset();
    } catch (error) {
      showApiError(error, { fallback: t("contact.failed") });
    }
  }, onInvalid);

  return (
    <Page>
      <PageTitle intro={t("contact.intro")}>{t("contact.title")}</PageTitle>
      <Card>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("contact.firstName")}
              autoComplete="given-name"
              error={fieldError(formState.errors.firstName)}
              {...register("firstName")}
            />
            <TextField
              label={t("contact.lastName")}
              autoComplete="family-name"
              error={fieldError(formState.errors.lastName)}
              {...register("lastName")}
            />
          </div>
          <TextField
            label={t("contact.email")}
            type="email"
            autoComplete="email"
            error={fieldError(formState.errors.email)}
            {...register("email")}
          />
          <TextField label={t("contact.subject")} error={fieldError(formState.errors.subject)} {...register("subject")} />
          <TextAreaField label={t("contact.message")} error={fieldError(formState.errors.message)} {...register("message")} />
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t("common.sending") : t("contact.send")}
          </Button>
        </form>
      </Card>
      <Card className="mt-6">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Bug size={20} className="text-brand" aria-hidden />
          {t("contact.bugTitle")}
        </h2>
        <p className="mt-1 text-slate-700">{t("contact.bugIntro")}</p>
        <Button variant="secondary" className="mt-4" onClick={() => setBugOpen(true)}>
          {t("contact.bugButton")}
        </Button>
      </Card>
      <div className="mt-6 space-y-2 text-sm text-slate-700">
        <p>{t("contact.orgLink")}</p>
        <Link to="/faq" className="font-medium text-brand-dark underline">
          {t("contact.faqLink")}
        </Link>
      </div>
      <BugReportDialog open={bugOpen} onOpenChange={setBugOpen} />
    </Page>
  );
}
