import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { CheckCircle2, ShieldCheck, XCircle } from "lucide-react";
import { verifyDraw } from "../../../shared/contests/draw.js";
import type { ContestProof } from "../../../shared/schemas/contests.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useContestDraw } from "./api/contest-draw.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

type Check = { seedMatches: boolean; listMatches: boolean; winnersMatch: boolean };

/** Redoes the draw in this browser, with the same code the server and the command use (shared/contests/draw.ts). */
function CheckDraw({ proof }: { proof: ContestProof & { seed: string; ticketDigest: string } }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(await verifyDraw(proof));
    } finally {
      setBusy(false);
    }
  };
  const line = (ok: boolean, good: string, bad: string) => (
    <li className={`flex items-center gap-2 ${ok ? "text-emerald-900" : "font-semibold text-red-800"}`}>
      {ok ? <CheckCircle2 size={18} aria-hidden /> : <XCircle size={18} aria-hidden />}
      {ok ? good : bad}
    </li>
  );
  return (
    <div className="space-y-2">
      <Button onClick={() => void run()} disabled={busy}>
        <ShieldCheck size={18} aria-hidden />
        {busy ? t("contestDraw.checking") : t("contestDraw.check")}
      </Button>
      <div role="status">
        {result && (
          <ul className="space-y-1 text-sm">
            {line(result.seedMatches, t("contestDraw.seedOk"), t("contestDraw.seedBad"))}
            {line(result.listMatches, t("contestDraw.listOk"), t("contestDraw.listBad"))}
            {line(result.winnersMatch, t("contestDraw.winnersOk"), t("contestDraw.winnersBad"))}
          </ul>
        )}
      </div>
    </div>
  );
}

const Hash = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-sm font-semibold">{label}</dt>
    <dd className="break-all font-mono text-sm text-slate-800">{value}</dd>
  </div>
);

/** /contests/:contestId/draw: the public proof of a contest's draw. */
export default function ContestDrawPage() {
  const { t, i18n } = useTranslation();
  const { contestId = "" } = useParams();
  const draw = useContestDraw(contestId);
  const when = dateFormat(i18n.language, { dateStyle: "long", timeStyle: "short" });
  const number = numberFormat(i18n.language);
  if (draw.isPending) return <LoadingState label={t("common.loading")} />;
  if (draw.error) {
    return (
      <Page narrow>
        <Card role="alert" className="space-y-3">
          <p>{t("contestDraw.loadFailed")}</p>
          <Link className="font-semibold text-brand underline" to="/contests">
            {t("contestDraw.contestsLink")}
          </Link>
        </Card>
      </Page>
    );
  }
  const proof = draw.data;
  const drawn = proof.seed !== null && proof.ticketDigest !== null;
  return (
    <Page>
      <PageTitle intro={t("contestDraw.intro")}>{t("contestDraw.title", { name: proof.name })}</PageTitle>
      <div className="grid gap-4">
        <Card className="space-y-2">
          {proof.description && <p>{proof.description}</p>}
          <p className="text-sm text-slate-700">
            {t("contestDraw.period", { start: when.format(new Date(proof.startsAt)), end: when.format(new Date(proof.endsAt)) })} ·{" "}
            {t("contestDraw.status", { status: t(`contests.status.${proof.status}`) })}
          </p>
          <h2 className="pt-2 font-semibold">{t("contestDraw.prizes")}</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {proof.prizes.map((prize, index) => (
              <li key={index}>{t("contestDraw.prizeLine", { category: prize.category, name: prize.prize, quantity: prize.quantity })}</li>
            ))}
          </ol>
        </Card>
        <Card className="space-y-3">
          <dl className="space-y-3">
            <Hash label={t("contestDraw.seedHash")} value={proof.seedHash} />
            {drawn && <Hash label={t("contestDraw.seed")} value={proof.seed!} />}
            {drawn && <Hash label={t("contestDraw.digest")} value={proof.ticketDigest!} />}
          </dl>
          {!drawn && <p className="text-slate-700">{t("contestDraw.notDrawn")}</p>}
          {proof.mine && (
            <p className="font-semibold">{t("contestDraw.mine", { entrant: proof.mine.entrant, count: proof.mine.tickets })}</p>
          )}
        </Card>
        {drawn && (
          <Card className="space-y-3">
            <h2 className="text-lg font-bold">{t("contestDraw.winners")}</h2>
            <p className="text-sm text-slate-700">{t("contestDraw.drawnOn", { date: when.format(new Date(proof.drawnAt!)) })}</p>
            {proof.winners.length === 0 ? (
              <p>{t("contestDraw.noWinners")}</p>
            ) : (
              <ol className="space-y-1">
                {proof.winners.map((winner) => (
                  <li key={winner.drawOrder}>
                    {t("contestDraw.winner", { order: winner.drawOrder, entrant: winner.entrant, prize: winner.prize })}
                    {proof.mine?.entrant === winner.entrant && <strong className="ml-2 text-brand">{t("contestDraw.you")}</strong>}
                  </li>
                ))}
              </ol>
            )}
            <CheckDraw proof={{ ...proof, seed: proof.seed!, ticketDigest: proof.ticketDigest! }} />
            <details>
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                {t("contestDraw.entries", { count: proof.entries.length })}
              </summary>
              <ul className="max-h-80 overflow-y-auto font-mono text-sm">
                {proof.entries.map((entry) => (
                  <li key={entry.entrant}>{t("contestDraw.entry", { entrant: entry.entrant, tickets: number.format(entry.tickets) })}</li>
                ))}
              </ul>
            </details>
            <a
              className="inline-flex min-h-11 items-center font-semibold text-brand underline"
              href={`/api/contests/${encodeURIComponent(proof.id)}/draw`}
              download={`kindly-draw-${proof.id}.json`}
            >
              {t("contestDraw.download")}
            </a>
          </Card>
        )}
        <Card>
          <h2 className="text-lg font-bold">{t("contestDraw.howTitle")}</h2>
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm">
            {(["how1", "how2", "how3", "how4", "how5"] as const).map((key) => (
              <li key={key}>{t(`contestDraw.${key}`)}</li>
            ))}
          </ol>
        </Card>
        <Link className="font-semibold text-brand underline" to="/contests">
          {t("contestDraw.contestsLink")}
        </Link>
      </div>
    </Page>
  );
}
