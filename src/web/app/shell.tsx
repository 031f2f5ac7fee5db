import { useState, type ComponentType, type ReactNode } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Menu } from "lucide-react";
import { Dialog } from "../components/ui/dialog.js";
import { useLiveActs } from "../lib/act-queries.js";
import { LanguageToggle } from "./language-toggle.js";
import { BOTTOM_TABS, FOOTER_LINKS, MORE_LINKS, OFFICIAL_LINKS } from "./navigation.js";
import { useSession } from "../lib/session.js";
import { useHydrated } from "../lib/use-hydrated.js";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand" : "text-slate-700 hover:text-slate-900"}`;

export function Shell({ frame: Frame }: { frame: ComponentType<{ children: ReactNode }> }) {
  const { t } = useTranslation();
  const [moreOpen, setMoreOpen] = useState(false);
  const { user } = useSession();
  const hydrated = useHydrated();
  useLiveActs();
  return (
    <div className="flex min-h-dvh flex-col pb-16">
      <header className="flex h-16 items-center px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-brand">
          <img src="/icon.svg" alt="" width={28} height={28} />
          {t("common.appName")}
        </Link>
      </header>
      <LanguageToggle />
      <main id="main" className="flex-1">
        <Frame>
          <Outlet />
        </Frame>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-700">
        <nav aria-label={t("nav.footer")} className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="underline-offset-2 hover:underline">
              {t(link.key)}
            </Link>
          ))}
        </nav>
        <p className="mt-2">{t("nav.copyright", { year: new Date().getFullYear() })}</p>
      </footer>
      <nav
        aria-label={t("nav.main")}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <div className="mx-auto flex max-w-3xl">
          {BOTTOM_TABS.map(({ to, key, icon: Icon }) => (
            <NavLink key={to} to={to} end={to === "/"} className={tabClass}>
              <Icon size={22} aria-hidden />
              {t(key)}
            </NavLink>
          ))}
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setMoreOpen(true)}
            className={tabClass({ isActive: moreOpen })}
            aria-haspopup="dialog"
          >
            <Menu size={22} aria-hidden />
            {t("nav.more")}
          </button>
        </div>
      </nav>
      <Dialog open={moreOpen} onOpenChange={setMoreOpen} title={t("nav.moreTitle")}>
        <ul className="grid gap-1">
          {[...MORE_LINKS, ...(user?.isOfficial ? OFFICIAL_LINKS : [])].map(({ to, key, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={() => setMoreOpen(false)}
                className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium hover:bg-rose-50"
              >
                <Icon size={20} aria-hidden className="text-brand" />
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
