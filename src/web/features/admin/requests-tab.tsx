import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { REQUEST_STATUSES, type OrganizationRequestView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { Dialog } from "../../components/ui/dialog.js";
import { UNDO_SECONDS, useUndoableDecisions } from "./use-undoable-decisions.js";
import { TextAreaField } from "../../components/ui/field.js";
import { Segmented } from "../../components/ui/segmented.js";
import { showApiError } from "../../lib/api-errors.js";
import { useDecideRequest, useRequests, type RequestStatus } from "./api/organization-requests.js";
import { industryLabel } from "../../lib/industry-label.js";
import { dateFormat } from "../../../shared/i18n/format.js";

type Decision = { decision: "approve" } | { decision: "decline"; reason: string };

/** The reason is the confirmation: declining waits a few seconds, undoable, like approving. */
function DeclineDialog({
  request,
  onDecline,
  onClose,
}: {
  request: OrganizationRequestView | null;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t("validation.fieldRequired"));
    onDecline(reason);
    setReason("");
    onClose();
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
        <Button type="submit" variant="danger" className="w-full">
          {t("admin.requests.decline")}
        </Button>
      </form>
    </Dialog>
  );
}

function RequestCard({
  request,
  waiting,
  onApprove,
  onDecline,
  onUndo,
}: {
  request: OrganizationRequestView;
  waiting: Decision | undefined;
  onApprove: () => void;
  onDecline: () => void;
  onUndo: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
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
      {/* Said as it changes, and the Undo next to it: the decision is not sent yet. */}
      <p role="status" className="text-sm font-semibold text-slate-800 empty:hidden">
        {waiting &&
          t(waiting.decision === "approve" ? "admin.requests.approving" : "admin.requests.declining", {
            organization: request.organizationName,
            count: UNDO_SECONDS,
          })}
      </p>
      {request.status === "pending" && waiting ? (
        <Button variant="secondary" onClick={onUndo}>
          {t("admin.requests.undo")}
        </Button>
      ) : request.status === "pending" ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setConfirming(true)}>{t("admin.requests.approve")}</Button>
          <Button variant="secondary" onClick={onDecline}>
            {t("admin.requests.decline")}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("admin.requests.approveTitle", { organization: request.organizationName })}
            description={t(request.requesterHasAccount ? "admin.requests.approveBodyAccount" : "admin.requests.approveBodyInvite", {
              email: request.email,
            })}
            confirmLabel={t("admin.requests.approve")}
            confirmVariant="primary"
            onConfirm={() => {
              setConfirming(false);
              onApprove();
            }}
          />
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
  const decide = useDecideRequest();
  const names = useRef(new Map<string, string>());
  // Sent once the few seconds to undo have passed; the list then refreshes without it.
  const decisions = useUndoableDecisions<Decision>((id, decision) => {
    const organization = names.current.get(id) ?? "";
    decide.mutate(
      { id, ...decision },
      {
        onSuccess: (answer) =>
          toast.success(
            decision.decision === "decline"
              ? t("admin.requests.declined", { organization })
              : t(answer?.owner === "attached" ? "admin.requests.approvedAttached" : "admin.requests.approvedInvited", { organization }),
          ),
        onError: (error) => showApiError(error),
      },
    );
  });
  const schedule = (request: OrganizationRequestView, decision: Decision) => {
    names.current.set(request.id, request.organizationName);
    decisions.schedule(request.id, decision);
  };
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
        requests.data.requests.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            waiting={decisions.waiting.get(request.id)}
            onApprove={() => schedule(request, { decision: "approve" })}
            onDecline={() => setDeclining(request)}
            onUndo={() => decisions.undo(request.id)}
          />
        ))
      )}
      <DeclineDialog
        request={declining}
        onDecline={(reason) => declining && schedule(declining, { decision: "decline", reason })}
        onClose={() => setDeclining(null)}
      />
    </section>
  );
}
