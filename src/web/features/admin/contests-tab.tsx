import { useState } from "react";
import { inLanguage } from "../../../shared/i18n/localized-text.js";
import { currentLanguage } from "../../lib/i18n.js";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import type { AdminContest } from "../../../shared/schemas/admin.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { showApiError } from "../../lib/api-errors.js";
import { useAdminContests, useDrawContest, useMailWinners, useSaveContest, useSetContacted } from "./api/contests.js";
import { ContestFormDialog, contestInputOf } from "./contest-form-dialog.js";
import { dateFormat } from "../../../shared/i18n/format.js";

const STATUS_STYLE = {
  upcoming: "bg-sky-100 text-sky-900",
  active: "bg-emerald-100 text-emerald-900",
  completed: "bg-slate-200 text-slate-900",
};

function Winners({ contest }: { contest: AdminContest }) {
  const { t, i18n } = useTranslation();
  const setContacted = useSetContacted();
  const mailWinners = useMailWinners();
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const language = currentLanguage();
  if (contest.winners.length === 0) return <p className="text-sm text-slate-700">{t("admin.contests.noWinners")}</p>;
  const toggle = async (drawOrder: number, contacted: boolean) => {
    try {
      await setContacted.mutateAsync({ id: contest.id, drawOrder, contacted });
    } catch (error) {
      showApiError(error);
    }
  };
  const retry = async () => {
    try {
      await mailWinners.mutateAsync(contest.id);
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">{t("admin.contests.winners")}</h4>
      <ul className="space-y-2 text-sm">
        {contest.winners.map((winner) => {
          const name = winner.username ?? t("admin.contests.deletedAccount");
          const overdue = !winner.contactedAt && Date.now() > Date.parse(winner.contactBy);
          return (
            <li key={winner.drawOrder} className="rounded-lg border border-slate-200 p-3">
              <p className="font-semibold">
                {t("admin.contests.winner", {
                  order: winner.drawOrder,
                  name,
                  entrant: winner.entrant,
                  prize: inLanguage(winner.prize, language),
                })}
              </p>
              {winner.email && <p className="break-all text-slate-700">{winner.email}</p>}
              <p className="text-slate-700">
                {winner.emailedAt
                  ? t("admin.contests.emailed", { date: when.format(new Date(winner.emailedAt)) })
                  : winner.emailFailedAt
                    ? t("admin.contests.emailFailed", { date: when.format(new Date(winner.emailFailedAt)) })
                    : t("admin.contests.notEmailed")}
              </p>
              <p className={overdue ? "font-semibold text-red-800" : "text-slate-700"}>
                {winner.contactedAt
                  ? t("admin.contests.contacted", { date: when.format(new Date(winner.contactedAt)) })
                  : t(overdue ? "admin.contests.overdue" : "admin.contests.contactBy", { date: when.format(new Date(winner.contactBy)) })}
              </p>
              <label className="mt-1 inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand"
                  checked={winner.contactedAt !== null}
                  disabled={setContacted.isPending}
                  onChange={(e) => void toggle(winner.drawOrder, e.target.checked)}
                />
                {t("admin.contests.markContacted", { name })}
              </label>
            </li>
          );
        })}
      </ul>
      {contest.winners.some((w) => !w.emailedAt && w.email) && (
        <Button variant="secondary" onClick={() => void retry()} disabled={mailWinners.isPending}>
          {t("admin.contests.retryEmail")}
        </Button>
      )}
    </div>
  );
}

function ContestCard({ contest, onEdit }: { contest: AdminContest; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const draw = useDrawContest();
  const save = useSaveContest();
  const [confirming, setConfirming] = useState<"draw" | "end" | null>(null);
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const name = inLanguage(contest.name, currentLanguage());
  const runDraw = async () => {
    try {
      await draw.mutateAsync(contest.id);
      toast.success(t("admin.contests.drawn", { date: when.format(new Date()) }));
    } catch (error) {
      showApiError(error);
    } finally {
      setConfirming(null);
    }
  };
  // The server moves an end to now at the earliest, so "now" here is never in the past there.
  const endNow = async () => {
    try {
      await save.mutateAsync({ id: contest.id, input: { ...contestInputOf(contest), endsAt: new Date().toISOString() } });
      toast.success(t("admin.contests.endedNow", { name }));
    } catch (error) {
      showApiError(error);
    } finally {
      setConfirming(null);
    }
  };
  return (
    <Card className="space-y-3" aria-labelledby={`contest-${contest.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`contest-${contest.id}`} className="text-lg font-bold">
          {name}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[contest.status]}`}>
          {t(`admin.contests.status.${contest.status}`)}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {t("admin.contests.period", { start: when.format(new Date(contest.startsAt)), end: when.format(new Date(contest.endsAt)) })} ·{" "}
        {t("admin.contests.entrants", { count: contest.entrants })} · {t("admin.contests.tickets", { count: contest.tickets })}
      </p>
      <ul className="text-sm">
        {contest.prizes.map((prize, index) => (
          <li key={index}>
            {t("admin.contests.prizeLine", {
              category: inLanguage(prize.category, currentLanguage()),
              prize: inLanguage(prize.name, currentLanguage()),
              quantity: prize.quantity,
            })}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-700">
        {t("admin.contests.seedHash")} <span className="break-all font-mono">{contest.seedHash}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {!contest.drawnAt && (
          <Button variant="secondary" onClick={onEdit}>
            {t("admin.contests.edit", { name })}
          </Button>
        )}
        {!contest.drawnAt &&
          (contest.status === "completed" ? (
            <Button onClick={() => setConfirming("draw")} disabled={draw.isPending}>
              {draw.isPending ? t("admin.contests.drawing") : t("admin.contests.draw")}
            </Button>
          ) : (
            <p className="self-center text-sm text-slate-700">{t("admin.contests.drawWaits")}</p>
          ))}
        {contest.status === "active" && (
          <Button variant="secondary" onClick={() => setConfirming("end")} disabled={save.isPending}>
            {t("admin.contests.endNow", { name })}
          </Button>
        )}
        <Link className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline" to={`/contests/${contest.id}/draw`}>
          {t("admin.contests.proofLink")}
        </Link>
      </div>
      {contest.drawnAt && (
        <>
          <p className="text-sm font-semibold">{t("admin.contests.drawn", { date: when.format(new Date(contest.drawnAt)) })}</p>
          <Winners contest={contest} />
        </>
      )}
      <ConfirmDialog
        open={confirming === "draw"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("admin.contests.drawTitle", { name })}
        description={t("admin.contests.drawBody")}
        confirmLabel={t("admin.contests.draw")}
        onConfirm={() => void runDraw()}
        busy={draw.isPending}
      />
      <ConfirmDialog
        open={confirming === "end"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("admin.contests.endNowTitle", { name })}
        description={t("admin.contests.endNowBody")}
        confirmLabel={t("admin.contests.endNow", { name })}
        onConfirm={() => void endNow()}
        busy={save.isPending}
      />
    </Card>
  );
}

/** Contests: create and edit, then draw the winners in a way anyone can check, and follow up with them. */
export function ContestsTab() {
  const { t } = useTranslation();
  const contests = useAdminContests();
  const [editing, setEditing] = useState<AdminContest | "new" | null>(null);
  return (
    <section aria-labelledby="contests-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="contests-title" className="text-xl font-bold">
          {t("admin.contests.title")}
        </h2>
        <Button onClick={() => setEditing("new")}>
          <Plus size={16} aria-hidden />
          {t("admin.contests.new")}
        </Button>
      </div>
      {contests.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : contests.error ? (
        <Card role="alert">{t("admin.loadFailed")}</Card>
      ) : contests.data.contests.length === 0 ? (
        <Card>{t("admin.contests.none")}</Card>
      ) : (
        contests.data.contests.map((contest) => <ContestCard key={contest.id} contest={contest} onEdit={() => setEditing(contest)} />)
      )}
      {editing && <ContestFormDialog contest={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
