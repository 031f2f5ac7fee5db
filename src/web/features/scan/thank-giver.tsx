import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeartHandshake } from "lucide-react";
import { thanksInputSchema } from "../../../shared/schemas/thanks.js";
import { THANKS_MESSAGE_MAX_LENGTH } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { CheckboxField } from "../../components/ui/checkbox-field.js";
import { errorMessage } from "../../lib/api.js";
import { useSendThanks, useThanksStatus } from "./api/thank-giver.js";

/**
 * After a portable card's reveal: thank the person who held it before, in
 * one tap, with an optional short note (issue 26 §4). They never learn who
 * unless the sender ticks the box.
 */
export function ThankGiver({ actId }: { actId: string }) {
  const { t } = useTranslation();
  const status = useThanksStatus(actId);
  const send = useSendThanks(actId);
  const [message, setMessage] = useState("");
  const [showUsername, setShowUsername] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  if (!status.data || status.data.status === "none") return null;
  if (status.data.status === "sent") {
    return (
      <Card className="mt-6 text-center" data-testid="thanks-sent">
        <p role="status" className="font-semibold text-emerald-800">
          {t("thankGiver.sent")}
        </p>
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
  return (
    <Card className="mt-6">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <HeartHandshake size={22} aria-hidden className="text-brand" />
        {t("thankGiver.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("thankGiver.body")}</p>
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
    </Card>
  );
}
