import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";

/** Previous and next for a paged list; the page number is said, not only shown. */
export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("admin.paging.previous")}
      </Button>
      <span className="text-sm text-slate-700" aria-live="polite">
        {t("admin.paging.page", { page })}
      </span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t("admin.paging.next")}
      </Button>
    </nav>
  );
}
