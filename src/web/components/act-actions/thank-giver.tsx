import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeartHandshake } from "lucide-react";
import { thanksInputSchema } from "../../../shared/schemas/thanks.js";
import { THANKS_MESSAGE_MAX_LENGTH } from "../../../shared/constants.js";
import { Button } from "../ui/button.js";
import { Card } from "../ui/card.js";
import { CheckboxField } from "../ui/checkbox-field.js";
import { errorMessage } from "../../lib/api.js";
import { useSendThanks, useThanksStatus } from "./thanks-api.js";

/**
 * After a portable card's reveal, or later from the act history: thank the person who held it before, in
 * one tap, with an optional short note (issue 26 §4). They never learn who
 * unless the sender ticks the box.
 */
export function ThankGiver({ actId, inDialog = false }: { actId: string; inDialog?: boolean }) {
  const { t } = useTranslation();
  const status = useThanksStatus(actId);
  const send = useSendThanks(actId);
  const [message, setMessage] = useState("");
  const [showUsername, setShowUsername] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  if (!status.data || status.data.status === "none") return null;
  if (status.data.status === "sent") {
    const sent = (
      <p role="status" className="font-semibold text-emerald-800">
        {t("thankGiver.sent")}
      </p>
    );
    return inDialog ? (
      <div data-testid="thanks-sent">{sent}</div>
    ) : (
      <Card className="mt-6 text-center" data-testid="thanks-sent">
        {sent}
      </Card>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = thanksInputSchema.safeParse({ message, showUsername });
    if (!parsed.success) return setInvalid(t(parsed.error.issues[0]!.message as "validation.thanksTooLong"));
    setInvalid(null);
    send.mutate(parsed.data);
  };
  const error = invalid ?? (send.error ? errorMessage(send.error) : null);
  const form = (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <label className="block text-sm font-medium" htmlFor="thanks-message">
        {t("thankGiver.message")}
      </label>
      <textarea
        id="thanks-message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={THANKS_MESSAGE_MAX_LENGTH + 20}
        rows={3}
        aria-describedby="thanks-count"
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      <p id="thanks-count" className="text-right text-sm text-slate-600">
        {t("thankGiver.count", { used: message.trim().length, max: THANKS_MESSAGE_MAX_LENGTH })}
      </p>
      <CheckboxField
        label={t("thankGiver.showUsername")}
        hint={t("thankGiver.showUsernameHint")}
        checked={showUsername}
        onChange={setShowUsername}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={send.isPending} className="w-full">
        {send.isPending ? t("common.sending") : t("thankGiver.send")}
      </Button>
    </form>
  );
  // In a dialog (act history), the dialog's title says what this is.
  if (inDialog) return form;
  return (
    <Card className="mt-6">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <HeartHandshake size={22} aria-hidden className="text-brand" />
        {t("thankGiver.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("thankGiver.body")}</p>
      {form}
    </Card>
  );
}
