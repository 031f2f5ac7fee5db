import { PageSizes } from "pdf-lib";
import type { Paper } from "../../../../shared/schemas/organizations.js";
import type { Language } from "../../../../shared/i18n/languages.js";
import type { Palette } from "./accent.js";

export type { Paper };

export const PAPER_SIZES: Record<Paper, [number, number]> = { letter: PageSizes.Letter, a4: PageSizes.A4 };

/** One code to print: its link, and a portable card's number. */
export interface PrintedCodeLink {
  link: string;
  card: number | null;
}

/** What a design prints. */
export interface PrintJob {
  paper: Paper;
  organizationName: string;
  /** The place's or the card series' name. */
  name: string;
  type: "virtual" | "physical" | "portable";
  radiusMeters: number;
  /** One code (a place, a physical series: the design repeats it) or a portable series' numbered cards. */
  codes: PrintedCodeLink[];
  /** The organisation's logo, a PNG Kindly made (logo-service.ts), when it uploaded one. */
  logo: Uint8Array | null;
  /** The colours it prints in: its logo's, else Kindly's (accent.ts). */
  palette: Palette;
  /** A place's acts so far, as of `printedAt` (the posters' live count); null for a card series. */
  actsHere: number | null;
  printedAt: Date;
  /** The languages it prints in, the first leading (PRINTED_LANGUAGES: French first, as Québec requires). */
  languages: readonly Language[];
}

/** A rectangle on the page, in PDF points, (x, y) its lower-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
