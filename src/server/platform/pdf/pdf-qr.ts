import type { PDFPage } from "pdf-lib";
import { rgb } from "pdf-lib";
import QRCode from "qrcode";

/** Kindly's QR settings everywhere: level M survives a little wear. */
export const QR_ERROR_CORRECTION = "M" as const;
/** The quiet zone scanners expect around a code, in modules. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code drawn as vector shapes: sharp at any print size and a few
 * hundred bytes, where an embedded image would blur when enlarged. One path
 * per code (runs of dark modules on each row), on a white square that
 * includes the quiet zone. `size` is the whole square, quiet zone included;
 * (x, y) its lower-left corner, in PDF points.
 */
export function drawQr(page: PDFPage, link: string, options: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = modules.size;
  const side = count + 2 * QR_QUIET_ZONE;
  const module = options.size / side;
  page.drawRectangle({ x: options.x, y: options.y, width: options.size, height: options.size, color: rgb(1, 1, 1) });
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
  // drawSvgPath draws from its origin downwards (SVG's y axis): the origin is the square's top-left corner.
  page.drawSvgPath(path, { x: options.x, y: options.y + options.size, scale: module, color: rgb(0, 0, 0) });
}
