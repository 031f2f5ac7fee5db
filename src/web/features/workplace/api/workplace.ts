import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type {
  AccessState,
  Challenges,
  DrawnAttempt,
  Committee,
  FeedbackInput,
  LearningGrade,
  LegalNameInput,
  LegalNameState,
  QuizzesState,
  SurveyResults,
  SurveyState,
  TrainingProgress,
  YouSaidWeDid,
} from "../../../../shared/schemas/workplace.js";
import { QUIZ_IDS, type QuizId, type TrainingModuleId } from "../../../../shared/workplace/learning.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/workplace/access: whether I unlocked the area, and my employer's name. */
export const useWorkplaceAccess = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.workplace("access"), queryFn: () => api<AccessState>("/workplace/access"), enabled });

/** POST /api/workplace/access: unlock with an employer code; everything workplace refreshes. */
export function useUnlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<AccessState>("/workplace/access", { method: "POST", body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.workplace() }),
  });
}

/** POST /api/workplace/invitations/:id/accept | decline: the person answers an employer's staff directory. */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
      api<AccessState>(`/workplace/invitations/${encodeURIComponent(id)}/${answer}`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.workplace() }),
  });
}

export const useSurveyState = () =>
  useQuery({ queryKey: queryKeys.workplace("survey"), queryFn: () => api<SurveyState>("/workplace/survey") });

export function useSubmitSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, answers }: { surveyId: string; answers: number[] }) =>
      api(`/workplace/survey/${encodeURIComponent(surveyId)}/responses`, { method: "POST", body: { answers } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.workplace("survey") }),
  });
}

/** The aggregate, asked for once the survey state says it is ready (the server refuses it before: 409). */
export const useSurveyResults = (ready: boolean) =>
  useQuery({
    queryKey: queryKeys.workplace("survey", "results"),
    queryFn: () => api<SurveyResults>("/workplace/survey/results"),
    enabled: ready,
    retry: false,
  });

export const SURVEY_RESULTS_PDF = "/api/workplace/survey/results.pdf";

export const useTraining = () =>
  useQuery({ queryKey: queryKeys.workplace("training"), queryFn: () => api<TrainingProgress>("/workplace/training") });

/** Where a subject's attempts live, and the state (a query key) their grading changes. */
export interface LearningEndpoint {
  path: string;
  state: QueryKey;
}

/** Where an employee's module or quiz attempts live. */
export function learningEndpoint(subject: TrainingModuleId | QuizId): LearningEndpoint {
  return (QUIZ_IDS as readonly string[]).includes(subject)
    ? { path: `/workplace/quizzes/${subject}`, state: queryKeys.workplace("quizzes") }
    : { path: `/workplace/training/${subject}`, state: queryKeys.workplace("training") };
}

/** Starts an attempt (or gets the one still open): the server draws its questions. */
export function useStartAttempt(endpoint: LearningEndpoint) {
  return useMutation({
    mutationFn: () => api<DrawnAttempt>(`${endpoint.path}/attempts`, { method: "POST" }),
  });
}

/** Sends an attempt's answers, as shown places, to be graded once. */
export function useSubmitAttempt(endpoint: LearningEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, answers }: { attemptId: string; answers: number[] }) =>
      api<LearningGrade>(`${endpoint.path}/attempts/${attemptId}/answers`, { method: "POST", body: { answers } }),
    onSettled: () => client.invalidateQueries({ queryKey: endpoint.state }),
  });
}

export const useQuizzes = () =>
  useQuery({ queryKey: queryKeys.workplace("quizzes"), queryFn: () => api<QuizzesState>("/workplace/quizzes") });

/** GET /api/workplace/legal-name: the full legal name my certificates carry, if I gave one. */
export const useLegalName = () =>
  useQuery({ queryKey: queryKeys.workplace("legal-name"), queryFn: () => api<LegalNameState>("/workplace/legal-name") });

/** Records or changes it; the certificates (and the training card naming their holder) follow. */
export function useSetLegalName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalNameInput) => api<LegalNameState>("/workplace/legal-name", { method: "PUT", body: input }),
    onSuccess: (state) => client.setQueryData(queryKeys.workplace("legal-name"), state),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workplace("training") }),
  });
}

/** Where a certificate downloads from (the cookie carries the language). */
export const certificateUrl = (kind: "training" | "policy" | "harassment") => `/api/workplace/certificates/${kind}`;

export const usePolicies = () =>
  useQuery({
    queryKey: queryKeys.workplace("policies"),
    queryFn: () =>
      api<{ policies: { id: string; fileName: string; size: number; uploadedAt: string; url: string }[] }>("/workplace/policies"),
    // The links inside work for an hour: fetch fresh ones well before.
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });

export const useChallenges = () =>
  useQuery({ queryKey: queryKeys.workplace("challenges"), queryFn: () => api<Challenges>("/workplace/challenges") });

/** "You said, we did": what the employer did about what the surveys showed (issue 47 §6). */
export const useYouSaidWeDid = () =>
  useQuery({ queryKey: queryKeys.workplace("you-said-we-did"), queryFn: () => api<YouSaidWeDid>("/workplace/you-said-we-did") });

export const useCommittee = () =>
  useQuery({ queryKey: queryKeys.workplace("committee"), queryFn: () => api<Committee>("/workplace/committee") });

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackInput) => api("/workplace/committee/feedback", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.workplace("committee") }),
  });
}

/** GET/PUT /api/workplace/telework: whether I work remotely, which my employer's telework list shows. */
export const useRemoteWork = () =>
  useQuery({ queryKey: queryKeys.workplace("telework"), queryFn: () => api<{ remote: boolean }>("/workplace/telework") });

export function useSetRemoteWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (remote: boolean) => api<{ remote: boolean }>("/workplace/telework", { method: "PUT", body: { remote } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workplace("telework") }),
  });
}
