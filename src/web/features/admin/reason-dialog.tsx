import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextAreaField } from "../../components/ui/field.js";

/**
 * Asks why before a decision that is kept for the record (hiding a post,
 * voiding an act). `check` is the shared schema's verdict on the reason: a
 * message key when it is refused, the cleaned reason otherwise. `submit`
 * reports a failure as the words to show under the field.
 */
export function ReasonDialog({
  title,
  description,
  label,
  action,
  pending,
  check,
  submit,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  action: string;
  pending: boolean;
  check: (reason: string) => { reason: string } | { errorKey: string };
  submit: (reason: string, fail: (message: string) => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = check(reason);
          if ("errorKey" in checked) return setError(t(checked.errorKey as "validation.hideReasonRequired"));
          submit(checked.reason, setError);
        }}
      >
        <TextAreaField
          label={label}
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A shared zod schema of `{ reason }` as `ReasonDialog` checks it. */
export function checkReason(schema: {
  safeParse: (input: unknown) => { success: true; data: { reason: string } } | { success: false; error: { issues: { message: string }[] } };
}) {
  return (reason: string) => {
    const parsed = schema.safeParse({ reason });
    return parsed.success ? { reason: parsed.data.reason } : { errorKey: parsed.error.issues[0]!.message };
  };
}
