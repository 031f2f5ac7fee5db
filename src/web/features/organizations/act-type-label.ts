import type { TFunction } from "i18next";
import type { Analytics } from "../../../shared/schemas/organizations.js";

export type ActType = keyof Analytics["split"];

/** How an act came to be, as people read it: a card type, or "recorded by Kindly" for a manual act. */
export function actTypeLabel(t: TFunction, type: ActType): string {
  return type === "manual" ? t("dashboard.manualActs") : t(`cardType.${type}`);
}
