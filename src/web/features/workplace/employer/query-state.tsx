import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/ui/card.js";
import { errorMessage } from "../../../lib/api.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";

/** A tab's data: a spinner while it loads, the reason and a retry if it failed, else the tab. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState label={t("common.loading")} />;
  if (query.isError) return <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
