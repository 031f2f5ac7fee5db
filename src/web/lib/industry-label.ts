import type { TFunction } from "i18next";
import { INDUSTRIES, type Industry } from "../../shared/schemas/organizations.js";

/** An organisation's industry in the reader's language; a value that is not one of the keys (written before they existed) as it is, never as a key. */
export function industryLabel(t: TFunction, industry: string): string {
  return (INDUSTRIES as readonly string[]).includes(industry) ? t(`industries.${industry as Industry}`) : industry;
}
