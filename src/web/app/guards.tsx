import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../components/ui/card.js";
import { useSession } from "../lib/session.js";

/** Pages for signed-in users: visitors go to /auth and come back afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (isLoading) return <LoadingState label={t("common.loading")} />;
  if (!user) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
