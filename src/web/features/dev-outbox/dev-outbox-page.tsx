import { useTranslation } from "react-i18next";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useOutbox } from "./api/get-outbox.js";
import { dateFormat } from "../../../shared/i18n/format.js";

/** Turns the links of a plain-text email into anchors, so a newcomer can click "confirm". */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="break-all text-brand-dark underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function DevMailPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const time = dateFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" });
  return (
    <Page>
      <PageTitle intro={t("devOutbox.intro")}>{t("devOutbox.title")}</PageTitle>
      {outbox.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : outbox.isError ? (
        <Card>{t("devOutbox.unavailable")}</Card>
      ) : outbox.data.messages.length === 0 ? (
        <Card>{t("devOutbox.empty")}</Card>
      ) : (
        <ul className="space-y-4">
          {outbox.data.messages.map((message) => (
            <li key={message.id}>
              <Card>
                <h2 className="font-bold">{message.subject}</h2>
                <p className="text-sm text-slate-600">
                  {t("devOutbox.to", { to: message.to })} · {time.format(new Date(message.createdAt))}
                </p>
                {Object.keys(message.headers).length > 0 && (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer text-slate-700">{t("devOutbox.headers")}</summary>
                    <dl className="mt-1 font-mono text-xs">
                      {Object.entries(message.headers).map(([name, value]) => (
                        <div key={name} className="break-all">
                          <dt className="inline font-semibold">{name}:</dt> <dd className="inline">{value}</dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                )}
                <p className="mt-3 whitespace-pre-wrap text-sm">
                  <Linkified text={message.text} />
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
