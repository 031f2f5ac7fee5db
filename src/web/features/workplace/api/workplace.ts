import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccessState,
  AttemptResult,
  Challenges,
  Committee,
  FeedbackInput,
  QuizzesState,
  SurveyResults,
  SurveyState,
  TrainingProgress,
} from "../../../../shared/schemas/workplace.js";
import type { QuizId, TrainingModuleId } from "../../../../shared/workplace/learning.js";
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

/** The aggregate; refused (409) under five responses and (403) when the employer keeps it. */
export const useSurveyResults = () =>
  useQuery({
    queryKey: queryKeys.workplace("survey", "results"),
    queryFn: () => api<SurveyResults>("/workplace/survey/results"),
    retry: false,
  });

export const SURVEY_RESULTS_PDF = "/api/workplace/survey/results.pdf";

export const useTraining = () =>
  useQuery({ queryKey: queryKeys.workplace("training"), queryFn: () => api<TrainingProgress>("/workplace/training") });

export function useModuleAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, answers }: { moduleId: TrainingModuleId; answers: number[] }) =>
      api<AttemptResult>(`/workplace/training/${moduleId}/attempts`, { method: "POST", body: { answers } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workplace("training") }),
  });
}

export const useQuizzes = () =>
  useQuery({ queryKey: queryKeys.workplace("quizzes"), queryFn: () => api<QuizzesState>("/workplace/quizzes") });

export function useQuizAttempt(quizId: QuizId) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: number[]) => api<AttemptResult>(`/workplace/quizzes/${quizId}/attempts`, { method: "POST", body: { answers } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workplace("quizzes") }),
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
