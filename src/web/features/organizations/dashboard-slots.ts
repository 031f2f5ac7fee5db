import type { ComponentType } from "react";

/**
 * Screens of another feature that the dashboard shows, handed in by the app
 * shell (web/app/router.tsx): features never import each other, and the
 * employer's workplace screens belong to the workplace feature.
 */
export interface DashboardSlots {
  /** The Well-being tab: surveys, committee, policies, training, reports (workplace/employer). */
  WellbeingTab: ComponentType<{ organizationId: string }>;
  /** In Settings: employee access codes and who holds access (workplace/employer). */
  WorkplaceAccess: ComponentType<{ organizationId: string }>;
}
