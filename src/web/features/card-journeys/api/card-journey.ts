import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CardJourney } from "../../../../shared/schemas/cards.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export const useCardJourney = (cardId: string) =>
  useQuery({
    queryKey: queryKeys.cardJourney(cardId),
    queryFn: (): Promise<CardJourney> => api(`/cards/${encodeURIComponent(cardId)}`),
    retry: false,
  });

/** The holder's choices on a journey; each refreshes the journey. */
export function useJourneyChoice<T>(cardId: string, call: (value: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.cardJourney(cardId) }) });
}

const path = (cardId: string, part: string) => `/cards/${encodeURIComponent(cardId)}/${part}`;
/** Hearing of the card's travels is the default; DELETE silences this one card. */
export const setFollowing = (cardId: string, following: boolean) => api(path(cardId, "follow"), { method: following ? "PUT" : "DELETE" });
export const addPlace = (cardId: string, position: { lat: number; lon: number }) =>
  api(path(cardId, "place"), { method: "PUT", body: position });
export const setShowUsername = (showUsername: boolean) => api("/me/journey-visibility", { method: "PUT", body: { showUsername } });
