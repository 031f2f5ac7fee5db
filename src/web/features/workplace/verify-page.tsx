import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { CertificateCheck } from "../../../shared/schemas/workplace.js";
import { normalizeCertificateCode } from "../../../shared/workplace/certificate-code.js";
import { CERTIFICATE_OUTCOMES } from "../../../shared/workplace/learning.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { api, ApiError } from "../../lib/api.js";
import { formatDay } from "../../lib/format-day.js";
import { queryKeys } from "../../lib/query-keys.js";

/**
 * /verify/{code}: anyone can check a certificate, and learns the facts it
 * prints and nothing else: the holder, the training with its outcomes and
 * duration, the completion date, the employer and the signatory; until when
 * it is valid, or that it expired; and, for a version replaced since (a new
 * legal name, a renewal), when and by which code.
 */
export default function VerifyCertificatePage() {
  const { t, i18n } = useTranslation();
  const { code: fromPath = "" } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(fromPath);
  const canonical = fromPath ? normalizeCertificateCode(fromPath) : null;
  const check = useQuery({
    queryKey: queryKeys.certificateCheck(canonical ?? ""),
    queryFn: () => api<CertificateCheck>(`/certificates/${encodeURIComponent(canonical!)}`),
    enabled: canonical !== null,
    retry: false,
  });

  let outcome = null;
  if (fromPath && canonical === null) outcome = <StatusPanel tone="error" title={t("workplace.verify.malformed")} />;
  else if (check.isPending && canonical) outcome = <LoadingState label={t("workplace.verify.checking")} />;
  else if (check.isError) {
    const notFound = check.error instanceof ApiError && check.error.code === "not_found";
    outcome = <StatusPanel tone="error" title={notFound ? t("workplace.verify.invalid") : check.error.message} />;
  } else if (check.data) {
    const facts = check.data;
    const outcomes = Array.from({ length: CERTIFICATE_OUTCOMES[facts.kind] }, (_, i) =>
      t(`workplace.certificate.outcomes.${facts.kind}.o${i + 1}` as never),
    );
    const rows: [string, ReactNode][] = [
      [t("workplace.verify.holder"), facts.holder],
      [t("workplace.verify.certificate"), t(`workplace.certificate.title.${facts.kind}`)],
      [
        t("workplace.verify.outcomes"),
        <ul key="outcomes" className="list-disc space-y-0.5 pl-4">
          {outcomes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>,
      ],
      [t("workplace.verify.duration"), t("workplace.verify.durationValue", { count: facts.durationMinutes })],
      [t("workplace.verify.date"), formatDay(facts.completedOn, i18n.language)],
      ...(facts.expiresOn
        ? ([[t("workplace.verify.validUntil"), formatDay(facts.expiresOn, i18n.language)]] satisfies [string, ReactNode][])
        : []),
      [t("workplace.verify.employer"), facts.employer],
      [
        t("workplace.verify.signatory"),
        facts.signatory ? t("workplace.verify.signatoryValue", facts.signatory) : t("workplace.verify.noSignatory"),
      ],
      [t("workplace.verify.code"), facts.code],
      // A version replaced since (its holder's legal name changed): it still names whom it was issued to.
      ...(facts.superseded
        ? ([
            [t("workplace.verify.supersededOn"), formatDay(facts.superseded.on, i18n.language)],
            [
              t("workplace.verify.supersededBy"),
              <Link key="by" to={`/verify/${facts.superseded.by}`} className="font-medium text-brand-dark underline">
                {facts.superseded.by}
              </Link>,
            ],
          ] satisfies [string, ReactNode][])
        : []),
    ];
    // Withdrawn by its employer says so first; then replaced says by what; otherwise an expired certificate says so (issue 47 §4).
    const withdrawn = facts.withdrawnOn !== null;
    const expired = !withdrawn && !facts.superseded && facts.expired;
    const title = withdrawn
      ? t("workplace.verify.withdrawn", { date: formatDay(facts.withdrawnOn!, i18n.language) })
      : facts.superseded
        ? t("workplace.verify.superseded")
        : expired
          ? t("workplace.verify.expired", { date: formatDay(facts.expiresOn!, i18n.language) })
          : t("workplace.verify.valid");
    const note = withdrawn
      ? t("workplace.verify.withdrawnNote")
      : facts.superseded
        ? t(facts.superseded.reason === "renewed" ? "workplace.verify.supersededNoteRenewed" : "workplace.verify.supersededNote")
        : expired
          ? t("workplace.verify.expiredNote")
          : null;
    outcome = (
      <StatusPanel tone={expired || withdrawn ? "error" : "success"} title={title}>
        {note && <p className="mx-auto mt-2 max-w-lg text-sm text-slate-700">{note}</p>}
        <dl className="mx-auto mt-3 grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="open-badge" className="mx-auto mt-4 max-w-lg space-y-2 border-t border-slate-200 pt-3 text-left">
          <h2 id="open-badge" className="font-semibold">
            {t("workplace.verify.credential.title")}
          </h2>
          <p className="text-sm text-slate-700">{t("workplace.verify.credential.text", { employer: facts.employer })}</p>
          {(withdrawn || facts.superseded) && (
            <p className="text-sm text-slate-700">
              {t(withdrawn ? "workplace.verify.credential.revokedWithdrawn" : "workplace.verify.credential.revoked")}
            </p>
          )}
          <a
            href={`/api/certificates/${encodeURIComponent(facts.code)}/credential`}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-brand-dark underline"
          >
            {t("workplace.verify.credential.download")}
          </a>
        </section>
      </StatusPanel>
    );
  }

  return (
    <Page narrow>
      <PageTitle intro={t("workplace.verify.intro")}>{t("workplace.verify.title")}</PageTitle>
      <Card className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim()) void navigate(`/verify/${encodeURIComponent(typed.trim())}`);
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField
              label={t("workplace.verify.codeLabel")}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
            />
          </div>
          <Button type="submit">{t("workplace.verify.check")}</Button>
        </form>
        {outcome}
      </Card>
    </Page>
  );
}
