import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { POLICY_MAX_BYTES, type EmployerPolicies } from "../../../../shared/schemas/compliance.js";
import { Button, buttonClass } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay, formatFileSize } from "../../../lib/format-day.js";
import { useDeletePolicy, useEmployerPolicies, useUploadPolicy } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

type Policy = EmployerPolicies["policies"][number];

/** Choose a PDF and send it; the server checks the content, this only spares a pointless upload. */
function UploadForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const upload = useUploadPolicy(organizationId);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError(t("employerValidation.policyRequired"));
    if (file.size > POLICY_MAX_BYTES) return setError(t("employerValidation.policyTooLarge"));
    setError(null);
    try {
      await upload.mutateAsync(file);
      toast.success(t("employer.policies.uploaded", { name: file.name }));
      if (input.current) input.current.value = "";
    } catch (failure) {
      showApiError(failure);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <label htmlFor="policy-file" className="block text-sm font-medium text-slate-800">
        {t("employer.policies.file")}
      </label>
      <input
        ref={input}
        id="policy-file"
        type="file"
        accept="application/pdf,.pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "policy-file-error" : "policy-file-hint"}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
        onChange={() => setError(null)}
      />
      {error ? (
        <p id="policy-file-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="policy-file-hint" className="text-xs text-slate-600">
          {t("employer.policies.fileHint")}
        </p>
      )}
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? t("employer.policies.uploading") : t("employer.policies.upload")}
      </Button>
    </form>
  );
}

function Acknowledgment({ acknowledgment }: { acknowledgment: EmployerPolicies["acknowledgment"] }) {
  const { t } = useTranslation();
  if (acknowledgment.percent === null) return <p className="text-sm text-slate-700">{t("employer.report.policies.noEmployees")}</p>;
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-800">
        {t("employer.report.policies.acknowledged", {
          count: acknowledgment.acknowledged,
          employees: t("workplace.employeeCount", { count: acknowledgment.employees }),
          percent: acknowledgment.percent,
        })}
      </p>
      <p className={`text-sm font-semibold ${acknowledgment.compliant ? "text-emerald-800" : "text-amber-800"}`}>
        {t(acknowledgment.compliant ? "employer.report.policies.compliant" : "employer.report.policies.notCompliant")}
      </p>
    </div>
  );
}

/** Policies: PDF upload, the list with one-hour links, soft delete, and the acknowledgment rate. */
export function PoliciesSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const policies = useEmployerPolicies(organizationId);
  const remove = useDeletePolicy(organizationId);
  const [toDelete, setToDelete] = useState<Policy | null>(null);
  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h3 className="font-bold">{t("employer.policies.title")}</h3>
        <UploadForm organizationId={organizationId} />
      </Card>
      <QueryState query={policies}>
        {(data) => (
          <Card className="space-y-3">
            <h3 className="font-bold">{t("employer.policies.onFile")}</h3>
            <Acknowledgment acknowledgment={data.acknowledgment} />
            {data.policies.length === 0 ? (
              <p className="text-sm text-slate-700">{t("employer.policies.none")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.policies.map((policy) => (
                  <li key={policy.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div>
                      <p className="font-semibold">{policy.fileName}</p>
                      <p className="text-sm text-slate-600">
                        {formatFileSize(policy.size, i18n.language)} ·{" "}
                        {t("employer.policies.uploadedOn", { date: formatDay(policy.uploadedAt, i18n.language, "medium") })}
                        {policy.uploadedBy && ` · ${policy.uploadedBy}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <a className={buttonClass("secondary")} href={policy.url} target="_blank" rel="noopener noreferrer">
                        {t("employer.policies.view", { name: policy.fileName })}
                      </a>
                      <Button variant="ghost" onClick={() => setToDelete(policy)}>
                        {t("employer.policies.delete", { name: policy.fileName })}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t("employer.policies.deleteTitle")}
        description={t("employer.policies.deleteText", { name: toDelete?.fileName ?? "" })}
        confirmLabel={t("employer.policies.delete", { name: toDelete?.fileName ?? "" })}
        busy={remove.isPending}
        onConfirm={() =>
          void remove
            .mutateAsync(toDelete!.id)
            .then(
              () => toast.success(t("employer.policies.deleted")),
              (error) => showApiError(error),
            )
            .finally(() => setToDelete(null))
        }
      />
    </div>
  );
}
