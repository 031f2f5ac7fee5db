import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CardSeriesInput,
  CardSeriesView,
  LocationInput,
  LocationPage,
  LocationView,
} from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** Locations and card series change the figures too: every change refreshes the whole dashboard. */
function useOrganizationMutation<T, R = unknown>(organizationId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }) });
}

const locationsPage = (organizationId: string, after: string) =>
  api<LocationPage>(`/organizations/${organizationId}/locations${after ? `?after=${encodeURIComponent(after)}` : ""}`);

/** GET …/locations, a page at a time (active first, by name): each with its scans, counted by the database. */
export const useLocations = (organizationId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.organizationPart(organizationId, "locations"),
    queryFn: ({ pageParam }) => locationsPage(organizationId, pageParam),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextAfter ?? undefined,
  });

/** Every location, page after page: for a choice among all of them (a campaign's places). */
export const useAllLocations = (organizationId: string) =>
  useQuery({
    queryKey: queryKeys.organizationPart(organizationId, "locations", "all"),
    queryFn: async () => {
      const locations: LocationView[] = [];
      let after = "";
      do {
        const page = await locationsPage(organizationId, after);
        locations.push(...page.locations);
        after = page.nextAfter ?? "";
      } while (after);
      return { locations };
    },
  });

/** POST …/locations or PUT …/locations/:id. */
export const useSaveLocation = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ id, input }: { id?: string; input: LocationInput }) =>
    id
      ? api<unknown>(`/organizations/${organizationId}/locations/${id}`, { method: "PUT", body: input })
      : api<unknown>(`/organizations/${organizationId}/locations`, { method: "POST", body: input }),
  );

/** PUT …/:source/:id/active. */
export const useSetActive = (organizationId: string) =>
  useOrganizationMutation(
    organizationId,
    ({ source, id, isActive }: { source: "locations" | "card-series"; id: string; isActive: boolean }) =>
      api(`/organizations/${organizationId}/${source}/${id}/active`, { method: "PUT", body: { isActive } }),
  );

/** DELETE …/:source/:id (refused once acts point at it). */
export const useDeleteCodeSource = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ source, id }: { source: "locations" | "card-series"; id: string }) =>
    api(`/organizations/${organizationId}/${source}/${id}`, { method: "DELETE" }),
  );

/** GET …/card-series. */
export const useCardSeries = (organizationId: string) =>
  useQuery({
    queryKey: queryKeys.organizationPart(organizationId, "card-series"),
    queryFn: () => api<{ series: CardSeriesView[] }>(`/organizations/${organizationId}/card-series`),
  });

/** POST …/card-series or PUT …/card-series/:id. */
export const useSaveCardSeries = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ id, input }: { id?: string; input: CardSeriesInput }) =>
    id
      ? api<unknown>(`/organizations/${organizationId}/card-series/${id}`, { method: "PUT", body: input })
      : api<unknown>(`/organizations/${organizationId}/card-series`, { method: "POST", body: input }),
  );

/** POST …/:source/:id/renew-code: the old print stops working. */
export const useRenewCode = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ source, id }: { source: "locations" | "card-series"; id: string }) =>
    api(`/organizations/${organizationId}/${source}/${id}/renew-code`, { method: "POST", body: {} }),
  );
