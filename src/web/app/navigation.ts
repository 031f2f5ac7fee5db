import {
  BookOpen,
  Building2,
  CircleHelp,
  FileText,
  Gift,
  History,
  Home,
  Images,
  Briefcase,
  MessagesSquare,
  LayoutDashboard,
  Map,
  Mail,
  Shield,
  ShieldCheck,
  Trophy,
  User,
} from "lucide-react";
import { DASHBOARD_PATH } from "../lib/onboarding-state.js";

/** Only pages that exist are listed; each later feature adds its own entry here. */
export const BOTTOM_TABS = [
  { to: "/", key: "nav.home", icon: Home },
  { to: "/map", key: "nav.map", icon: Map },
  { to: "/profile", key: "nav.profile", icon: User },
] as const;

/** The main action, in the middle of the bottom bar. */
export const SCAN_TAB = { to: "/scan", key: "nav.scan" } as const;

/** Offered in "More" only to members of an organisation and the official account. */
export { DASHBOARD_PATH };

export const MORE_LINKS = [
  { to: "/leaderboards", key: "nav.leaderboards", icon: Trophy },
  { to: "/contests", key: "nav.contests", icon: Gift },
  { to: "/act-history", key: "nav.actHistory", icon: History },
  { to: "/community-chat", key: "nav.communityChat", icon: MessagesSquare },
  { to: "/acts-gallery", key: "nav.actsGallery", icon: Images },
  { to: "/workplace-wellbeing", key: "nav.workplace", icon: Briefcase },
  { to: DASHBOARD_PATH, key: "nav.dashboard", icon: LayoutDashboard },
  { to: "/register-organization", key: "nav.forOrganizations", icon: Building2 },
  { to: "/game-rules", key: "nav.gameRules", icon: BookOpen },
  { to: "/faq", key: "nav.faq", icon: CircleHelp },
  { to: "/contact", key: "nav.contact", icon: Mail },
  { to: "/privacy", key: "nav.privacy", icon: Shield },
  { to: "/terms", key: "nav.terms", icon: FileText },
] as const;

/** Shown in "More" to the official account only (the server checks anyway). */
export const OFFICIAL_LINKS = [{ to: "/admin", key: "nav.admin", icon: ShieldCheck }] as const;

export const FOOTER_LINKS = [
  { to: "/privacy", key: "nav.privacy" },
  { to: "/terms", key: "nav.terms" },
  { to: "/for-organisations", key: "nav.forOrganizations" },
  { to: "/contact", key: "nav.contact" },
] as const;
