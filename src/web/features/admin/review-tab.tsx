import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { voidActInputSchema, type AnomalyFlag, type FlaggedAct } from "../../../shared/schemas/anomalies.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { Segmented } from "../../components/ui/segmented.js";
import { errorMessage } from "../../lib/api.js";
import { useAnomalies, useFlaggedActs, useReviewFlag, useVoidAct, type AnomalyView } from "./api/anomalies.js";
import { Pager } from "./pager.js";
import { checkReason, ReasonDialog } from "./reason-dialog.js";
import { dateFormat } from "../../../shared/i18n/format.js";

function VoidDialog({ act, onClose }: { act: FlaggedAct; onClose: () => void }) {
  const { t } = useTranslation();
  const voidAct = useVoidAct();
  return (
    <ReasonDialog
      title={t("admin.review.voidTitle", { number: act.actNumber ?? "" })}
      description={t("admin.review.voidBody")}
      label={t("admin.review.reasonLabel")}
      action={t("admin.review.void")}
      pending={voidAct.isPending}
      check={checkReason(voidActInputSchema)}
      submit={(reason, fail) =>
        voidAct.mutate(
          { actId: act.id, reason },
          {
            onSuccess: () => (toast.success(t("admin.review.voidedDone", { number: act.actNumber ?? "" })), onClose()),
            onError: (failure) => fail(errorMessage(failure)),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** The person's acts on the flagged day, each voidable with a reason. */
function FlaggedActs({ flag }: { flag: AnomalyFlag }) {
  const { t, i18n } = useTranslation();
  const acts = useFlaggedActs(flag.id);
  const [voiding, setVoiding] = useState<FlaggedAct | null>(null);
  const time = dateFormat(i18n.language, { timeStyle: "short", timeZone: "America/Toronto" });
  if (acts.isPending) return <LoadingState label={t("common.loading")} />;
  if (acts.isError) return <p role="alert">{t("admin.loadFailed")}</p>;
  if (acts.data.acts.length === 0) return <p className="text-slate-700">{t("admin.review.noActs")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("admin.review.actsOf", { username: flag.username, day: flag.day })}</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-2 pr-3">
              {t("admin.review.act")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("admin.review.time")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("admin.review.place")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("admin.review.distance")}
            </th>
            <th scope="col" className="py-2 pr-3">
              <span className="sr-only">{t("admin.review.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {acts.data.acts.map((act) => (
            <tr key={act.id}>
              <td className="py-2 pr-3 font-medium">{act.actNumber === null ? "—" : `#${act.actNumber}`}</td>
              <td className="py-2 pr-3">
                <time dateTime={act.scannedAt}>{time.format(new Date(act.scannedAt))}</time>
              </td>
              <td className="py-2 pr-3">
                {act.organizationName}
                {act.placeName && <span className="block text-slate-600">{act.placeName}</span>}
              </td>
              <td className="py-2 pr-3">
                {act.distanceMeters === null ? t("admin.review.noPosition") : t("admin.review.meters", { count: act.distanceMeters })}
              </td>
              <td className="py-2 pr-3">
                {act.voided ? (
                  <span className="text-slate-700">{t("admin.review.voidedBecause", { reason: act.voided.reason })}</span>
                ) : (
                  <Button variant="danger" onClick={() => setVoiding(act)}>
                    {t("admin.review.voidAct", { number: act.actNumber ?? "" })}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {voiding && <VoidDialog act={voiding} onClose={() => setVoiding(null)} />}
    </div>
  );
}

function FlagItem({ flag }: { flag: AnomalyFlag }) {
  const { t, i18n } = useTranslation();
  const review = useReviewFlag();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const day = dateFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${flag.day}T12:00:00Z`));
  const decide = (decision: "dismissed" | "resolved") =>
    review.mutate(
      { flagId: flag.id, decision, note },
      {
        onSuccess: () => toast.success(t(`admin.review.${decision}Done`)),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  return (
    <li className="space-y-3 p-3" data-testid="anomaly-flag">
      <div>
        <p className="font-semibold text-slate-900">
          {flag.username} · {t(`admin.review.kinds.${flag.kind}`)}
        </p>
        <p className="text-sm text-slate-700">
          {day} · {t(`admin.review.details.${flag.kind}`, { ...flag.detail, count: flag.occurrences })}
        </p>
        {flag.status !== "open" && (
          <p className="text-sm text-slate-700">
            {t(`admin.review.status.${flag.status}`)}
            {flag.reviewNote && ` · ${flag.reviewNote}`}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("admin.review.hideActs") : t("admin.review.showActs")}
        </Button>
        {flag.status === "open" && (
          <>
            <div className="min-w-56 flex-1">
              <TextField
                label={t("admin.review.noteLabel")}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <Button variant="secondary" disabled={review.isPending} onClick={() => decide("dismissed")}>
              {t("admin.review.dismiss")}
            </Button>
            <Button disabled={review.isPending} onClick={() => decide("resolved")}>
              {t("admin.review.resolve")}
            </Button>
          </>
        )}
      </div>
      {open && <FlaggedActs flag={flag} />}
    </li>
  );
}

/** The Review tab: accounts whose scans looked unusual, their acts, and voiding the ones that should not count. */
export function ReviewTab() {
  const { t } = useTranslation();
  const [view, setView] = useState<AnomalyView>("open");
  const [page, setPage] = useState(1);
  const list = useAnomalies(view, page);
  return (
    <section aria-labelledby="review-title" className="space-y-4">
      <h2 id="review-title" className="text-xl font-bold">
        {t("admin.review.title")}
      </h2>
      <p className="text-slate-700">{t("admin.review.intro")}</p>
      <Segmented
        label={t("admin.review.views")}
        value={view}
        onChange={(next) => {
          setView(next);
          setPage(1);
        }}
        options={[
          { value: "open", label: t("admin.review.open") },
          { value: "all", label: t("admin.review.all") },
        ]}
      />
      {list.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : list.isError ? (
        <Card role="alert">{t("admin.loadFailed")}</Card>
      ) : list.data.items.length === 0 ? (
        <Card className="text-slate-700">{t("admin.review.empty")}</Card>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {list.data.items.map((flag) => (
            <FlagItem key={flag.id} flag={flag} />
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={list.data?.hasMore ?? false} onPage={setPage} label={t("admin.tabs.review")} />
    </section>
  );
}
