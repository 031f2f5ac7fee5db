import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";

/**
 * The end of a feed: older items load by themselves when it scrolls into
 * view, and the button does the same for keyboards and old browsers.
 */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loading) onLoad();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoad]);
  if (!hasMore) return <p className="mt-4 text-center text-sm text-slate-600">{t("community.endOfFeed")}</p>;
  return (
    <div ref={sentinel} className="mt-4 flex justify-center">
      <Button variant="secondary" disabled={loading} onClick={onLoad}>
        {loading ? t("common.loading") : t("community.loadOlder")}
      </Button>
    </div>
  );
}
