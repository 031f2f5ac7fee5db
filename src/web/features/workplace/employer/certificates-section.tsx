import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CertificateRenewals } from "../../../../shared/schemas/compliance.js";
import { DEFAULT_VALIDITY_MONTHS, type CertificateKind } from "../../../../shared/workplace/learning.js";
import { Card } from "../../../components/ui/card.js";
import { SelectField, TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useCertificateRenewals, useSetValidity, useWithdrawCertificate } from "./api/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { QueryState } from "./query-state.js";

/** The validities an employer picks from, in months ("never" is the empty choice). */
const MONTH_CHOICES = [6, 12, 18, 24, 36, 48, 60] as const;
const NEVER = "never";

/** One kind's validity: saved as soon as it is chosen. */
function ValidityChoice({ organizationId, row }: { organizationId: string; row: CertificateRenewals["validity"][number] }) {
  const { t } = useTranslation();
  const save = useSetValidity(organizationId);
  const label = (months: number | null) =>
    months === null ? t("employer.certificates.never") : t("employer.certificates.months", { count: months });
  const fallback = DEFAULT_VALIDITY_MONTHS[row.kind as CertificateKind];
  const choices = [...new Set([...MONTH_CHOICES, ...(row.months === null ? [] : [row.months])])].sort((a, b) => a - b);
  const options = [null, ...choices].map((months) => ({
    value: months === null ? NEVER : String(months),
    label: months === fallback ? t("employer.certificates.defaultMark", { value: label(months) }) : label(months),
  }));
  return (
    <SelectField
      label={t(`workplace.certificate.title.${row.kind}`)}
      options={options}
      value={row.months === null ? NEVER : String(row.months)}
      disabled={save.isPending}
      onChange={(event) => {
        const months = event.target.value === NEVER ? null : Number(event.target.value);
        save.mutate(
          { kind: row.kind, months },
          { onSuccess: () => toast.success(t("employer.certificates.saved")), onError: (error) => showApiError(error) },
        );
      }}
    />
  );
}

/**
 * Certificates (issue 47 §4): how long each kind stays valid, and who is due
 * to renew — expiring within the notice period, or expired — with whether
 * they were reminded.
 */
export function CertificatesSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const renewals = useCertificateRenewals(organizationId);
  return (
    <QueryState query={renewals}>
      {(data) => (
        <div className="space-y-4">
          <Card className="space-y-3">
            <div>
              <h3 className="font-bold">{t("employer.certificates.title")}</h3>
              <p className="text-sm text-slate-700">{t("employer.certificates.intro")}</p>
            </div>
            <h4 className="font-semibold">{t("employer.certificates.validityTitle")}</h4>
            <div className="grid gap-3 sm:grid-cols-2">
              {data.validity.map((row) => (
                <ValidityChoice key={row.kind} organizationId={organizationId} row={row} />
              ))}
            </div>
            <p className="text-xs text-slate-600">{t("employer.certificates.validityHint")}</p>
          </Card>
          <Card className="space-y-3" aria-labelledby="certificates-due">
            <h3 id="certificates-due" className="font-bold">
              {t("employer.certificates.dueTitle")}
            </h3>
            {data.due.length === 0 ? (
              <p className="text-sm text-slate-700">{t("employer.certificates.noneDue")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.due.map((row) => (
                  <li key={row.code} className="py-2">
                    <p className="font-semibold">
                      {row.holder} <span className="font-normal text-slate-700">· {t(`workplace.certificate.title.${row.kind}`)}</span>
                    </p>
                    <p className={`text-sm ${row.expired ? "font-semibold text-red-700" : "text-slate-700"}`}>
                      {t(row.expired ? "employer.certificates.expiredOn" : "employer.certificates.expiresOn", {
                        date: formatDay(row.expiresOn, i18n.language, "medium"),
                      })}
                      {" · "}
                      {row.remindedAt
                        ? t("employer.certificates.remindedOn", { date: formatDay(row.remindedAt, i18n.language, "medium") })
                        : t("employer.certificates.notReminded")}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <WithdrawCertificate organizationId={organizationId} />
        </div>
      )}
    </QueryState>
  );
}

/** Withdrawing a certificate issued in error (or earned by someone else), by its code, after a confirmation. */
function WithdrawCertificate({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawCertificate(organizationId);
  const [code, setCode] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Card className="space-y-3" aria-labelledby="certificate-withdrawal">
      <h3 id="certificate-withdrawal" className="font-bold">
        {t("employer.certificates.withdrawTitle")}
      </h3>
      <p className="text-sm text-slate-700">{t("employer.certificates.withdrawIntro")}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) setConfirming(code.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            label={t("employer.certificates.withdrawCode")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("employer.certificates.withdraw")}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("employer.certificates.withdrawConfirmTitle")}
        description={t("employer.certificates.withdrawConfirmText", { code: confirming ?? "" })}
        confirmLabel={t("employer.certificates.withdraw")}
        busy={withdraw.isPending}
        onConfirm={() =>
          void withdraw
            .mutateAsync(confirming!)
            .then(() => {
              setCode("");
              toast.success(t("employer.certificates.withdrawn"));
            }, showApiError)
            .finally(() => setConfirming(null))
        }
      />
    </Card>
  );
}
