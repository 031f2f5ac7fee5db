import { PDFDocument, StandardFonts } from "pdf-lib";

/** A small real PDF with one line of text on one page. */
export async function samplePdf(text = "Workplace policy"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 200]);
  page.drawText(text, { x: 40, y: 100, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A browser's form with one file field. */
export function fileForm(bytes: Buffer, fileName: string, type = "application/pdf", field = "file"): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}
