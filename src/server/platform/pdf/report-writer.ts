import { PDFDocument, PageSizes, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { GREY, INK, printable, ROSE } from "./pdf-drawing.js";

const MARGIN = 56;
const BOTTOM = 64;

/**
 * Writes a multi-page text document top to bottom: headings, wrapped
 * paragraphs and simple tables, starting a new page when the next line
 * would not fit, with page numbers at the foot of every page.
 */
export class ReportWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: (page: number, pages: number) => string,
  ) {
    this.newPage();
  }

  static async create(meta: { title: string; language: string; footer: (page: number, pages: number) => string }): Promise<ReportWriter> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(meta.title);
    pdf.setLanguage(meta.language);
    pdf.setProducer("Kindly");
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new ReportWriter(pdf, regular, bold, meta.footer);
  }

  private get width() {
    return this.page.getSize().width - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.pdf.addPage(PageSizes.Letter);
    this.y = this.page.getSize().height - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  private lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of printable(font, text).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(candidate, size) > width) {
          out.push(line);
          line = word;
        } else line = candidate;
      }
      out.push(line);
    }
    return out;
  }

  /** Wrapped text; `indent` shifts it right (a list item). */
  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; indent?: number; gapAfter?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of this.lines(text, font, size, this.width - indent)) {
      this.ensure(size * 1.35);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.35;
    }
    this.y -= options.gapAfter ?? 2;
  }

  title(text: string) {
    this.text(text, { size: 20, bold: true, gapAfter: 6 });
  }

  /** A section heading, kept with at least a few lines of what follows. */
  heading(text: string) {
    this.ensure(60);
    this.y -= 10;
    this.text(text, { size: 14, bold: true, color: ROSE, gapAfter: 4 });
  }

  subheading(text: string) {
    this.ensure(40);
    this.y -= 4;
    this.text(text, { size: 11.5, bold: true, gapAfter: 2 });
  }

  note(text: string) {
    this.text(text, { size: 9, color: GREY });
  }

  bullet(text: string) {
    this.text(`• ${text}`, { indent: 10 });
  }

  /** Rows of cells in fixed columns (fractions of the width); the first row is the header. */
  table(rows: string[][], columns: number[]) {
    const size = 9.5;
    rows.forEach((row, r) => {
      const font = r === 0 ? this.bold : this.regular;
      const cells = row.map((cell, c) => this.lines(cell, font, size, columns[c]! * this.width - 6));
      const height = Math.max(...cells.map((lines) => lines.length)) * size * 1.3 + 3;
      this.ensure(height);
      let x = MARGIN;
      cells.forEach((lines, c) => {
        lines.forEach((line, i) => this.page.drawText(line, { x, y: this.y - size - i * size * 1.3, size, font, color: INK }));
        x += columns[c]! * this.width;
      });
      this.y -= height;
    });
    this.y -= 4;
  }

  async save(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    pages.forEach((page, i) => {
      const line = printable(this.regular, this.footer(i + 1, pages.length));
      page.drawText(line, { x: MARGIN, y: 30, size: 8.5, font: this.regular, color: GREY });
    });
    return this.pdf.save();
  }
}
