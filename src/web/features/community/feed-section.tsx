import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { LoadMore } from "./load-more.js";

interface FeedQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A titled feed (the chat's messages, the gallery's photos) in each of its
 * states: loading, failed with a retry, empty, or its items with older ones
 * loading at the end.
 */
export function FeedSection({
  id,
  title,
  query,
  count,
  failed,
  empty,
  children,
}: {
  id: string;
  title: string;
  query: FeedQuery;
  count: number;
  failed: string;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      {query.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : query.isError ? (
        <Card role="alert">
          <p>{failed}</p>
          <Button className="mt-3" onClick={() => void query.refetch()}>
            {t("common.tryAgain")}
          </Button>
        </Card>
      ) : count === 0 ? (
        <Card className="text-center text-slate-700">{empty}</Card>
      ) : (
        <>
          {children}
          <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
