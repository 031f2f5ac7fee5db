import type { PrintDesign } from "../../../../shared/schemas/organizations.js";
import { CARD_QR, cardSheet, cardSlots } from "./card-sheet.js";
import { poster, POSTER_QR, posterFrame } from "./poster.js";
import { boldPoster, BOLD_POSTER_QR } from "./poster-bold.js";
import { countPoster, COUNT_POSTER_QR } from "./poster-count.js";
import type { Box, Paper, PrintJob } from "./print-job.js";
import { STICKER_QR, stickerSheet, stickerSlots } from "./sticker-sheet.js";
import { TENT_QR, tableTent, tentFaces } from "./table-tent.js";

/**
 * The print kit (issue 30): each design drawn as a PDF with Kindly's brand,
 * embedded fonts and vector QR codes that encode short links.
 */
export const DESIGNS: Record<PrintDesign, (job: PrintJob) => Promise<Uint8Array>> = {
  poster,
  "poster-bold": boldPoster,
  "poster-count": countPoster,
  tent: tableTent,
  cards: cardSheet,
  stickers: stickerSheet,
};

/**
 * Where each design puts its codes and how large it prints them: on every
 * page, one frame per code (a card, a sticker, a face of the tent, the
 * poster), and the QR's side in points, quiet zone included.
 */
export const CODE_LAYOUT: Record<PrintDesign, { frames: (paper: Paper) => Box[]; qrPoints: number }> = {
  poster: { frames: posterFrame, qrPoints: POSTER_QR },
  "poster-bold": { frames: posterFrame, qrPoints: BOLD_POSTER_QR },
  "poster-count": { frames: posterFrame, qrPoints: COUNT_POSTER_QR },
  tent: { frames: tentFaces, qrPoints: TENT_QR },
  cards: { frames: cardSlots, qrPoints: CARD_QR },
  stickers: { frames: stickerSlots, qrPoints: STICKER_QR },
};

export { PAPER_SIZES } from "./print-job.js";
export { printPalette } from "./accent.js";
export type { Box, PrintJob, PrintedCodeLink } from "./print-job.js";
