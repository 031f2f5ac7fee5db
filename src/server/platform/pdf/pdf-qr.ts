import type { PDFPage } from "pdf-lib";
import { rgb } from "pdf-lib";
import QRCode from "qrcode";

/** Kindly's QR settings everywhere: level M survives a little wear. */
export const QR_ERROR_CORRECTION = "M" as const;
/** The quiet zone scanners expect around a code, in modules. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code as one SVG path in module units (runs of dark modules on each
 * row), offset by the quiet zone; `side` is the whole square, quiet zone
 * included. Shared by the printed codes and the share images.
 */
export function qrPath(link: string): { path: string; side: number } {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = modules.size;
  let path = "";
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column++;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${column - start}v1h${start - column}z`;
    }
  }
  return { path, side: count + 2 * QR_QUIET_ZONE };
}

/**
 * A QR code drawn as vector shapes: sharp at any print size and a few
 * hundred bytes, where an embedded image would blur when enlarged. One path
 * per code, on a white square that includes the quiet zone. `size` is the
 * whole square, quiet zone included; (x, y) its lower-left corner, in PDF points.
 */
export function drawQr(page: PDFPage, link: string, options: { x: number; y: number; size: number }): void {
  const { path, side } = qrPath(link);
  const module = options.size / side;
  page.drawRectangle({ x: options.x, y: options.y, width: options.size, height: options.size, color: rgb(1, 1, 1) });
  // drawSvgPath draws from its origin downwards (SVG's y axis): the origin is the square's top-left corner.
  page.drawSvgPath(path, { x: options.x, y: options.y + options.size, scale: module, color: rgb(0, 0, 0) });
}
