import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Analytics, Engagement, Summary } from "../../../../shared/schemas/organizations.js";
import type { OrganizationTeams } from "../../../../shared/schemas/teams.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

const figure =
  <T>(name: string) =>
  (organizationId: string, days: number) =>
    useQuery({
      queryKey: queryKeys.organizationPart(organizationId, name, days),
      queryFn: () => api<T>(`/organizations/${organizationId}/${name}?days=${days}`),
    });

/** GET …/summary?days=: the summary cards. */
export const useSummary = figure<Summary>("summary");
/** GET …/analytics?days=: charts and lists. */
export const useAnalytics = figure<Analytics>("analytics");
/** GET …/engagement?days=. */
export const useEngagement = figure<Engagement>("engagement");

/** GET …/teams: the organisation's work teams and their acts this month. */
export const useOrganizationTeams = (organizationId: string) =>
  useQuery({
    queryKey: queryKeys.organizationPart(organizationId, "teams"),
    queryFn: () => api<OrganizationTeams>(`/organizations/${organizationId}/teams`),
  });

interface InteractionsPage {
  items: {
    actNumber: number | null;
    scannedAt: string;
    pseudonym: string;
    cardType: "virtual" | "physical" | "portable";
    locationName: string | null;
  }[];
  nextBefore: string | null;
}

/** GET …/interactions: the newest acts, a page at a time. */
export const useInteractions = (organizationId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.organizationPart(organizationId, "interactions"),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<InteractionsPage>(
        `/organizations/${organizationId}/interactions?limit=25${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextBefore,
  });
