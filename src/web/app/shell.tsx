import { lazy, Suspense, useRef, useState, type ComponentType, type ReactNode } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Menu, ScanLine } from "lucide-react";
import { useLiveEvents } from "../lib/act-queries.js";
import { useLaunchLink } from "./deep-links.js";
import { ConsentBanner } from "./consent-banner.js";
import { SavedScansBanner } from "./saved-scans-banner.js";
import { UnseenCardsBanner } from "./unseen-cards-banner.js";
import { LanguageToggle } from "./language-toggle.js";
import { BOTTOM_TABS, FOOTER_LINKS, SCAN_TAB } from "./navigation.js";
import { useHydrated } from "../lib/use-hydrated.js";
import { useBottomBarSpace } from "./bottom-bar-space.js";
import { useTypesetPage } from "./typeset-page.js";

const loadMoreMenu = () => import("./more-menu.js");
const MoreMenu = lazy(loadMoreMenu);

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand" : "text-slate-700 hover:text-slate-900"}`;

function Tab({ to, label, icon: Icon }: { to: string; label: string; icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }> }) {
  return (
    <NavLink to={to} end={to === "/"} className={tabClass}>
      <Icon size={22} aria-hidden />
      {label}
    </NavLink>
  );
}

/** Scanning is what Kindly is for: the centre of the bar, raised and in the brand colour. */
function ScanTab() {
  const { t } = useTranslation();
  return (
    <NavLink to={SCAN_TAB.to} className="group flex flex-1 flex-col items-center justify-end pb-1 text-xs font-semibold text-brand-dark">
      {({ isActive }) => (
        <>
          <span
            className={`-mt-6 flex h-14 w-14 items-center justify-center rounded-full bg-brand text-white shadow-lg ring-4 ring-white group-hover:bg-brand-dark ${isActive ? "bg-brand-dark" : ""}`}
          >
            <ScanLine size={28} aria-hidden />
          </span>
          {t(SCAN_TAB.key)}
        </>
      )}
    </NavLink>
  );
}

/**
 * The More tab. It alone waits for the page to be live (a disabled button
 * until then), so that the page becoming live re-renders this button, not
 * the whole shell.
 */
function MoreButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onPointerEnter={() => void loadMoreMenu()}
      onFocus={() => void loadMoreMenu()}
      onClick={onOpen}
      className={tabClass({ isActive: open })}
      aria-haspopup="dialog"
    >
      <Menu size={22} aria-hidden />
      {t("nav.more")}
    </button>
  );
}

export function Shell({ frame: Frame }: { frame: ComponentType<{ children: ReactNode }> }) {
  const { t } = useTranslation();
  const [moreOpen, setMoreOpen] = useState(false);
  // Once loaded, the menu stays mounted so that it can animate closed and keep its state.
  const [moreWanted, setMoreWanted] = useState(false);
  useLiveEvents();
  useLaunchLink();
  const bar = useRef<HTMLElement>(null);
  useBottomBarSpace(bar);
  useTypesetPage();
  const [first, second, ...rest] = BOTTOM_TABS;
  return (
    // The page ends above the bottom navigation, however tall the text makes it (bottom-bar-space.ts).
    <div className="flex min-h-dvh flex-col pb-[var(--bottom-bar-space,5.5rem)]">
      {/* The first thing Tab reaches on every page: straight to the page's own content (WCAG 2.4.1). */}
      <a
        href="#main"
        className="sr-only z-30 rounded-lg bg-white px-4 py-3 font-semibold text-brand-dark shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="flex h-16 items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-brand">
          <img src="/icon.svg" alt="" width={28} height={28} />
          {t("common.appName")}
        </Link>
        <LanguageToggle />
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ConsentBanner />
        <SavedScansBanner />
        <UnseenCardsBanner />
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
        ref={bar}
        aria-label={t("nav.main")}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <div className="mx-auto flex max-w-3xl">
          {[first, second].map((tab) => (
            <Tab key={tab.to} to={tab.to} label={t(tab.key)} icon={tab.icon} />
          ))}
          <ScanTab />
          {rest.map((tab) => (
            <Tab key={tab.to} to={tab.to} label={t(tab.key)} icon={tab.icon} />
          ))}
          <MoreButton open={moreOpen} onOpen={() => (setMoreWanted(true), setMoreOpen(true))} />
        </div>
      </nav>
      {moreWanted && (
        <Suspense fallback={null}>
          <MoreMenu open={moreOpen} onOpenChange={setMoreOpen} />
        </Suspense>
      )}
    </div>
  );
}
