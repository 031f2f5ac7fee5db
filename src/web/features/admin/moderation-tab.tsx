import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { hideInputSchema, type ModerationItem } from "../../../shared/schemas/moderation.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Segmented } from "../../components/ui/segmented.js";
import { useModerate, useModeration, type ModerationView } from "./api/moderation.js";
import { Pager } from "./pager.js";
import { checkReason, ReasonDialog } from "./reason-dialog.js";
import { dateFormat } from "../../../shared/i18n/format.js";

function HideDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const moderate = useModerate();
  return (
    <ReasonDialog
      title={t("admin.moderation.hideTitle")}
      description={t("admin.moderation.hideBody")}
      label={t("admin.moderation.reasonLabel")}
      action={t("admin.moderation.hide")}
      pending={moderate.isPending}
      check={checkReason(hideInputSchema)}
      submit={(reason) =>
        moderate.mutate(
          { item, action: "hide", reason },
          {
            onSuccess: () => (toast.success(t("admin.moderation.hidden_done")), onClose()),
            onError: () => toast.error(t("admin.moderation.failed")),
          },
        )
      }
      onClose={onClose}
    />
  );
}

function Item({ item, onHide }: { item: ModerationItem; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const moderate = useModerate();
  const date = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const act = (action: "restore" | "dismiss", done: string) =>
    moderate.mutate({ item, action }, { onSuccess: () => toast.success(done), onError: () => toast.error(t("admin.moderation.failed")) });
  return (
    // One column on a phone (photo, text, actions one under the other); three side by side from sm up.
    // The text column never shares a phone's row with the buttons, so it is never squeezed to a letter.
    <li
      className={`grid gap-3 p-3 ${item.thumbnailUrl ? "sm:grid-cols-[auto_minmax(0,1fr)_auto]" : "sm:grid-cols-[minmax(0,1fr)_auto]"}`}
      data-testid="moderation-item"
    >
      {item.thumbnailUrl && (
        <img
          src={item.thumbnailUrl}
          alt={t("admin.moderation.photoOf", { caption: item.text })}
          className="h-20 w-20 rounded-lg object-cover"
        />
      )}
      <div className="min-w-0">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t(`admin.moderation.${item.type}`)}</span> ·{" "}
          {t("admin.moderation.byAuthor", { author: item.author })} ·{" "}
          <time dateTime={item.createdAt}>{date.format(new Date(item.createdAt))}</time>
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{item.text}</p>
        {item.openReports > 0 && (
          <p className="mt-1 text-sm text-slate-700">
            {t("admin.moderation.reports", { count: item.openReports })} ·{" "}
            {t("admin.moderation.reasons", { reasons: item.reasons.map((reason) => t(`community.reasons.${reason}`)).join(", ") })}
          </p>
        )}
        {item.details.map((detail, index) => (
          <p key={index} className="mt-1 border-l-2 border-slate-200 pl-2 text-sm italic text-slate-700">
            {detail}
          </p>
        ))}
        {item.hidden && (
          <p className="mt-1 text-sm text-slate-700">
            {t("admin.moderation.hiddenBy", { by: item.hidden.by ?? "—", reason: item.hidden.reason })}
          </p>
        )}
        {item.authorMutedUntil && (
          <p className="mt-1 text-sm font-semibold text-red-700">
            {t("admin.moderation.mutedUntil", { date: date.format(new Date(item.authorMutedUntil)) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:justify-end">
        {item.hidden ? (
          <Button variant="secondary" disabled={moderate.isPending} onClick={() => act("restore", t("admin.moderation.restored"))}>
            {t("admin.moderation.restore")}
          </Button>
        ) : (
          <>
            <Button variant="danger" onClick={onHide}>
              {t("admin.moderation.hide")}
            </Button>
            <Button variant="secondary" disabled={moderate.isPending} onClick={() => act("dismiss", t("admin.moderation.dismissed"))}>
              {t("admin.moderation.dismiss")}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The Moderation tab: what people reported, and what the official account hid. */
export function ModerationTab() {
  const { t } = useTranslation();
  const [view, setView] = useState<ModerationView>("open");
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const list = useModeration(view, page);
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("admin.moderation.intro")}</p>
      <Segmented
        label={t("admin.moderation.views")}
        value={view}
        onChange={(next) => {
          setView(next);
          setPage(1);
        }}
        options={[
          { value: "open", label: t("admin.moderation.open") },
          { value: "hidden", label: t("admin.moderation.hidden") },
        ]}
      />
      {list.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : list.isError ? (
        <Card role="alert">{t("admin.moderation.failed")}</Card>
      ) : list.data.items.length === 0 ? (
        <Card className="text-slate-700">{view === "open" ? t("admin.moderation.empty") : t("admin.moderation.emptyHidden")}</Card>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {list.data.items.map((item) => (
            <Item key={`${item.type}:${item.id}`} item={item} onHide={() => setHiding(item)} />
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={list.data?.hasMore ?? false} onPage={setPage} label={t("admin.tabs.moderation")} />
      {hiding && <HideDialog item={hiding} onClose={() => setHiding(null)} />}
    </div>
  );
}
