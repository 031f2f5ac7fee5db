import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { REQUEST_STATUSES, type OrganizationRequestView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextAreaField } from "../../components/ui/field.js";
import { Segmented } from "../../components/ui/segmented.js";
import { showApiError } from "../../lib/api-errors.js";
import { useDecideRequest, useRequests, type RequestStatus } from "./api/organization-requests.js";
import { industryLabel } from "../../lib/industry-label.js";
import { dateFormat } from "../../../shared/i18n/format.js";

function DeclineDialog({ request, onClose }: { request: OrganizationRequestView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const decide = useDecideRequest();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t("validation.fieldRequired"));
    try {
      await decide.mutateAsync({ id: request!.id, decision: "decline", reason });
      toast.success(t("admin.requests.declined", { organization: request!.organizationName }));
      setReason("");
      onClose();
    } catch (failure) {
      showApiError(failure);
    }
  };
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("admin.requests.declineTitle", { organization: request?.organizationName ?? "" })}
      description={t("admin.requests.declineHelp")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          label={t("admin.requests.reason")}
          value={reason}
          error={error}
          onChange={(e) => (setReason(e.target.value), setError(undefined))}
        />
        <Button type="submit" variant="danger" className="w-full" disabled={decide.isPending}>
          {decide.isPending ? t("common.sending") : t("admin.requests.decline")}
        </Button>
      </form>
    </Dialog>
  );
}

function RequestCard({ request, onDecline }: { request: OrganizationRequestView; onDecline: () => void }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideRequest();
  const approve = async () => {
    try {
      const answer = await decide.mutateAsync({ id: request.id, decision: "approve" });
      toast.success(
        t(answer?.owner === "attached" ? "admin.requests.approvedAttached" : "admin.requests.approvedInvited", {
          organization: request.organizationName,
        }),
      );
    } catch (error) {
      showApiError(error);
    }
  };
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const rows: [string, string][] = [
    [t("registerOrganization.contactName"), request.contactName],
    [t("registerOrganization.email"), request.email],
    [t("registerOrganization.phone"), request.phone],
    [t("registerOrganization.type"), t(`organizationTypes.${request.type}`)],
    [t("registerOrganization.industry"), industryLabel(t, request.industry)],
    [t("admin.requests.plan"), t(`registerOrganization.plan.${request.plan}`)],
    [t("registerOrganization.priority"), t(`registerOrganization.priorities.${request.priority}` as never)],
    ...(request.website ? ([[t("registerOrganization.website"), request.website]] as [string, string][]) : []),
    ...(request.description ? ([[t("registerOrganization.comments"), request.description]] as [string, string][]) : []),
  ];
  return (
    <Card id={`request-${request.id}`} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{request.organizationName}</h3>
        <span className="text-sm text-slate-700">{when.format(new Date(request.createdAt))}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        {request.requesterHasAccount ? t("admin.requests.hasAccount") : t("admin.requests.noAccount")}
      </p>
      {request.status === "pending" ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={approve} disabled={decide.isPending}>
            {t("admin.requests.approve")}
          </Button>
          <Button variant="secondary" onClick={onDecline}>
            {t("admin.requests.decline")}
          </Button>
        </div>
      ) : (
        request.declineReason && <p className="text-sm">{t("registerOrganization.declinedBecause", { reason: request.declineReason })}</p>
      )}
    </Card>
  );
}

/** Registration requests: approve (creates the organisation) or decline with a reason. */
export function RequestsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RequestStatus>("pending");
  const [declining, setDeclining] = useState<OrganizationRequestView | null>(null);
  const requests = useRequests(status);
  return (
    <section aria-labelledby="requests-title" className="space-y-4">
      <h2 id="requests-title" className="text-xl font-bold">
        {t("admin.requests.title")}
      </h2>
      <Segmented
        label={t("admin.requests.filter")}
        value={status}
        onChange={setStatus}
        options={REQUEST_STATUSES.map((value) => ({ value, label: t(`registerOrganization.status.${value}`) }))}
      />
      {requests.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : requests.error ? (
        <Card role="alert">{t("admin.loadFailed")}</Card>
      ) : requests.data.requests.length === 0 ? (
        <Card>{t(`admin.requests.none.${status}`)}</Card>
      ) : (
        requests.data.requests.map((request) => <RequestCard key={request.id} request={request} onDecline={() => setDeclining(request)} />)
      )}
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </section>
  );
}
