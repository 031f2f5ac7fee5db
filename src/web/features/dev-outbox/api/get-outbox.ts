import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "../../../../shared/schemas/system.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/dev/mail: the development outbox, newest first (this machine only, never production). */
export const getOutbox = (): Promise<{ messages: OutboxMessage[] }> => api("/dev/mail");

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.outbox, queryFn: getOutbox, staleTime: 0, refetchInterval: 5000 });

export const useOutbox = () => useQuery(outboxQueryOptions());
