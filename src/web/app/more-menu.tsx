import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { Dialog } from "../components/ui/dialog.js";
import { promptInstall, useCanInstall } from "../lib/install-prompt.js";
import { useSession } from "../lib/session.js";
import { DASHBOARD_PATH, MORE_LINKS, OFFICIAL_LINKS } from "./navigation.js";

/**
 * The "More" menu. It loads on demand (the shell preloads it when the button
 * is approached): the dialog it needs is not part of the first page.
 */
export default function MoreMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canInstall = useCanInstall();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("nav.moreTitle")}>
      <ul className="grid gap-1">
        {[
          ...MORE_LINKS.filter(({ to }) => to !== DASHBOARD_PATH || user?.hasOrganizationDashboard || user?.isOfficial),
          ...(user?.isOfficial ? OFFICIAL_LINKS : []),
        ].map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <Link to={to} onClick={close} className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium hover:bg-rose-50">
              <Icon size={20} aria-hidden className="text-brand" />
              {t(key)}
            </Link>
          </li>
        ))}
        {canInstall && (
          <li>
            <button
              type="button"
              onClick={() => (close(), void promptInstall())}
              className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium hover:bg-rose-50"
            >
              <Download size={20} aria-hidden className="text-brand" />
              {t("pwa.install")}
            </button>
          </li>
        )}
      </ul>
    </Dialog>
  );
}
