import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActionInput,
  Audit,
  AuditInput,
  CalendarLink,
  CertificateRenewals,
  CommitteeAdmin,
  EmployerPolicies,
  FeedbackReplyInput,
  ManagerTraining,
  MeetingInput,
  MemberInput,
  ReportQuery,
  SurveyAdmin,
  Telework,
  Verification,
  ValidityInput,
  ActionItem,
} from "../../../../../shared/schemas/compliance.js";
import type { ACTION_STATUSES } from "../../../../../shared/schemas/workplace.js";
import type { LearningEndpoint } from "../../api/workplace.js";
import { api } from "../../../../lib/api.js";
import { queryKeys } from "../../../../lib/query-keys.js";

// The dashboard's "Workplace well-being" tabs: one query per tab under
// the organisation's "compliance" key, so any change refreshes what depends on it
// (an action linked to a red flag shows in the committee's overview too).

const key = (organizationId: string, ...part: string[]) => queryKeys.organizationPart(organizationId, "compliance", ...part);
const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/compliance`;
const id = (value: string) => encodeURIComponent(value);

function useComplianceQuery<T>(organizationId: string, part: string) {
  return useQuery({ queryKey: key(organizationId, part), queryFn: () => api<T>(`${base(organizationId)}/${part}`) });
}

function useComplianceMutation<T, R = unknown>(organizationId: string, call: (path: string, input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(base(organizationId), input),
    onSettled: () => client.invalidateQueries({ queryKey: key(organizationId) }),
  });
}

// Surveys.
export const useSurveyAdmin = (organizationId: string) => useComplianceQuery<SurveyAdmin>(organizationId, "surveys");
export const useOpenSurvey = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, resultsShared: boolean) =>
    api<{ surveyId: string }>(`${path}/surveys`, { method: "POST", body: { resultsShared } }),
  );
export const useCloseSurvey = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, surveyId: string) => api(`${path}/surveys/${id(surveyId)}/close`, { method: "POST" }));
export const useSurveySharing = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { surveyId: string; resultsShared: boolean }) =>
    api(`${path}/surveys/${id(input.surveyId)}/sharing`, { method: "PUT", body: { resultsShared: input.resultsShared } }),
  );

// Committee.
export const useCommitteeAdmin = (organizationId: string) => useComplianceQuery<CommitteeAdmin>(organizationId, "committee");
export const useAddMember = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: MemberInput) => api(`${path}/committee/members`, { method: "POST", body: input }));
export const useEditMember = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { memberId: string; member: MemberInput }) =>
    api(`${path}/committee/members/${id(input.memberId)}`, { method: "PUT", body: input.member }),
  );
export const useEndTerm = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { memberId: string; termEndDate: string }) =>
    api(`${path}/committee/members/${id(input.memberId)}/end-term`, { method: "POST", body: { termEndDate: input.termEndDate } }),
  );
export const useRecordMeeting = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: MeetingInput) => api(`${path}/committee/meetings`, { method: "POST", body: input }));
export const useEditMeeting = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { meetingId: string; meeting: MeetingInput }) =>
    api(`${path}/committee/meetings/${id(input.meetingId)}`, { method: "PUT", body: input.meeting }),
  );
export const useCancelMeeting = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, meetingId: string) =>
    api(`${path}/committee/meetings/${id(meetingId)}/cancel`, { method: "POST" }),
  );
/** A meeting's calendar file, downloaded by the browser with the session. */
export const meetingCalendarUrl = (organizationId: string, meetingId: string) =>
  `/api${base(organizationId)}/committee/meetings/${id(meetingId)}/calendar.ics`;
export const useCreateCalendarLink = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, memberId: string) =>
    api<CalendarLink>(`${path}/committee/members/${id(memberId)}/calendar-link`, { method: "POST" }),
  );
export const useRevokeCalendarLink = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, memberId: string) =>
    api(`${path}/committee/members/${id(memberId)}/calendar-link`, { method: "DELETE" }),
  );
export const useReplyToFeedback = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { feedbackId: string; reply: FeedbackReplyInput }) =>
    api(`${path}/committee/feedback/${id(input.feedbackId)}`, { method: "PUT", body: input.reply }),
  );

// "You said, we did": an action answering a red flag, published to employees.
export const usePublishAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { actionId: string; text: string }) =>
    api(`${path}/actions/${id(input.actionId)}/publication`, { method: "PUT", body: { text: input.text } }),
  );
export const useUnpublishAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, actionId: string) =>
    api(`${path}/actions/${id(actionId)}/publication`, { method: "DELETE" }),
  );

// Certificates: validity and renewals.
export const useCertificateRenewals = (organizationId: string) => useComplianceQuery<CertificateRenewals>(organizationId, "certificates");
export const useSetValidity = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: ValidityInput) =>
    api(`${path}/certificates/validity`, { method: "PUT", body: input }),
  );

export const useWithdrawCertificate = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, code: string) =>
    api(`${path}/certificates/${encodeURIComponent(code)}/withdrawal`, { method: "POST" }),
  );

// Action plan.
export const useActionPlan = (organizationId: string) => useComplianceQuery<{ actions: ActionItem[] }>(organizationId, "actions");
export const useCreateAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: ActionInput) => api(`${path}/actions`, { method: "POST", body: input }));
export const useEditAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { actionId: string; action: ActionInput }) =>
    api(`${path}/actions/${id(input.actionId)}`, { method: "PUT", body: input.action }),
  );
export const useMoveAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { actionId: string; status: (typeof ACTION_STATUSES)[number] }) =>
    api(`${path}/actions/${id(input.actionId)}/status`, { method: "PUT", body: { status: input.status } }),
  );
export const useDeleteAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, actionId: string) => api(`${path}/actions/${id(actionId)}`, { method: "DELETE" }));

// Policies.
export const useEmployerPolicies = (organizationId: string) => useComplianceQuery<EmployerPolicies>(organizationId, "policies");
export const useUploadPolicy = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<{ id: string }>(`${path}/policies`, { method: "POST", body: form });
  });
export const useDeletePolicy = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, policyId: string) => api(`${path}/policies/${id(policyId)}`, { method: "DELETE" }));

// Verifications.
export const useVerifications = (organizationId: string) =>
  useComplianceQuery<{ verifications: Verification[] }>(organizationId, "verifications");
export const useAssignResponsible = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { verificationId: string; responsiblePerson: string }) =>
    api(`${path}/verifications/${id(input.verificationId)}/responsible`, {
      method: "PUT",
      body: { responsiblePerson: input.responsiblePerson },
    }),
  );
export const useMarkVerificationDone = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { verificationId: string; note: string }) =>
    api(`${path}/verifications/${id(input.verificationId)}/done`, { method: "POST", body: { note: input.note } }),
  );

// Internal audit.
export const useAudits = (organizationId: string) => useComplianceQuery<{ audits: Audit[] }>(organizationId, "audits");
export const useSubmitAudit = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: AuditInput) => api<Audit>(`${path}/audits`, { method: "POST", body: input }));

// Manager training.
export const useManagerTraining = (organizationId: string) => useComplianceQuery<ManagerTraining>(organizationId, "manager-training");
/** Where the manager's quiz attempts live (drawn and graded like an employee's quiz); grading refreshes the compliance tabs. */
export const managerTrainingEndpoint = (organizationId: string): LearningEndpoint => ({
  path: `${base(organizationId)}/manager-training`,
  state: key(organizationId),
});
export const managerCertificateUrl = (organizationId: string) => `/api${base(organizationId)}/manager-training/certificate.pdf`;

// Telework.
export const useTelework = (organizationId: string) => useComplianceQuery<Telework>(organizationId, "telework");
export const useAddInclusionAction = (organizationId: string) =>
  useComplianceMutation(organizationId, (path, input: { userId: string; action: string }) =>
    api(`${path}/telework/${id(input.userId)}/actions`, { method: "POST", body: { action: input.action } }),
  );

// Reports: plain links, the browser downloads the PDF the server builds.
export const reportUrl = (organizationId: string, kind: "compliance" | "cnesst", period: ReportQuery) =>
  `/api${base(organizationId)}/reports/${kind}.pdf?${new URLSearchParams(period).toString()}`;
