import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { chatMessageInputSchema } from "../../../shared/schemas/community.js";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { ApiError, errorMessage, fieldErrorText } from "../../lib/api.js";
import { useSendMessage } from "./api/chat.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/**
 * Writing a message: the shared schema checks it here first (empty, too
 * long, an email address) and the server again. Enter sends; Shift+Enter
 * breaks the line. What was typed stays in the box when sending fails.
 */
export function ChatComposer() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();
  const number = numberFormat(i18n.language);

  const submit = () => {
    const parsed = chatMessageInputSchema.safeParse({ body: text });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message as "validation.messageRequired"));
      return;
    }
    setError(null);
    send.mutate(parsed.data.body, {
      onSuccess: () => {
        setText("");
        toast.success(t("chat.sent"));
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.field === "body") setError(fieldErrorText(failure));
        else toast.error(failure instanceof ApiError ? errorMessage(failure) : t("chat.sendFailed"));
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="chat-message" className="block text-sm font-semibold text-slate-900">
          {t("chat.messageLabel")}
        </label>
        <textarea
          id="chat-message"
          rows={3}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={t("chat.placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={`chat-message-hint${error ? " chat-message-error" : ""}`}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-rose-200"
        />
        {error && (
          <p id="chat-message-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p id="chat-message-hint" className="text-sm text-slate-600">
            <span className="tabular-nums">
              {t("chat.counter", { length: number.format(text.length), max: number.format(CHAT_MESSAGE_MAX_LENGTH) })}
            </span>
            {" · "}
            {t("chat.keyboardHint")}
          </p>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t("chat.sending") : t("chat.send")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
