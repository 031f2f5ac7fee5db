import { PDFDocument, PageSizes, type PDFPage, type RGB } from "pdf-lib";
import { GREY, INK, ROSE } from "./pdf-drawing.js";
import { PdfText, type Weight } from "./pdf-fonts.js";
import { typesetText } from "../../../shared/i18n/typography.js";

const MARGIN = 56;
const BOTTOM = 64;

/**
 * Writes a multi-page text document top to bottom: headings, wrapped
 * paragraphs and simple tables, starting a new page when the next line
 * would not fit, with page numbers at the foot of every page.
 *
 * What is written is laid out by `save`: the fonts a text needs are embedded
 * as it is drawn (pdf-fonts.ts), which takes a moment the writing methods
 * need not wait for.
 */
export class ReportWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly blocks: (() => Promise<void>)[] = [];
  private readonly typeset: PdfText;
  private constructor(
    readonly pdf: PDFDocument,
    private readonly footer: (page: number, pages: number) => string,
    /** The report's language: what an employer typed (an action's title) gets its spacing rules too. */
    private readonly language: string,
  ) {
    this.typeset = PdfText.for(pdf);
  }

  static async create(meta: { title: string; language: string; footer: (page: number, pages: number) => string }): Promise<ReportWriter> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(meta.title);
    pdf.setLanguage(meta.language);
    pdf.setProducer("Kindly");
    return new ReportWriter(pdf, meta.footer, meta.language);
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

  /** Wrapped text; `indent` shifts it right (a list item). */
  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; indent?: number; gapAfter?: number } = {}) {
    this.blocks.push(async () => {
      const size = options.size ?? 10.5;
      const weight: Weight = options.bold ? "bold" : "regular";
      const indent = options.indent ?? 0;
      for (const line of await this.typeset.lines(typesetText(this.language, text), weight, size, this.width - indent)) {
        this.ensure(size * 1.35);
        await this.typeset.draw(this.page, line, { x: MARGIN + indent, y: this.y - size, size, weight, color: options.color ?? INK });
        this.y -= size * 1.35;
      }
      this.y -= options.gapAfter ?? 2;
    });
  }

  title(text: string) {
    this.text(text, { size: 20, bold: true, gapAfter: 6 });
  }

  /** A section heading, kept with at least a few lines of what follows. */
  heading(text: string) {
    this.space(60, 10);
    this.text(text, { size: 14, bold: true, color: ROSE, gapAfter: 4 });
  }

  subheading(text: string) {
    this.space(40, 4);
    this.text(text, { size: 11.5, bold: true, gapAfter: 2 });
  }

  /** A new page unless `keep` points are left, then `gap` points of space. */
  private space(keep: number, gap: number) {
    this.blocks.push(async () => {
      this.ensure(keep);
      this.y -= gap;
    });
  }

  note(text: string) {
    this.text(text, { size: 9, color: GREY });
  }

  bullet(text: string) {
    this.text(`• ${text}`, { indent: 10 });
  }

  /** Rows of cells in fixed columns (fractions of the width); the first row is the header. */
  table(rows: string[][], columns: number[]) {
    this.blocks.push(async () => {
      const size = 9.5;
      for (const [r, row] of rows.entries()) {
        const weight: Weight = r === 0 ? "bold" : "regular";
        const cells = await Promise.all(
          row.map((cell, c) => this.typeset.lines(typesetText(this.language, cell), weight, size, columns[c]! * this.width - 6)),
        );
        const height = Math.max(...cells.map((lines) => lines.length)) * size * 1.3 + 3;
        this.ensure(height);
        let x = MARGIN;
        for (const [c, lines] of cells.entries()) {
          for (const [i, line] of lines.entries()) {
            await this.typeset.draw(this.page, line, { x, y: this.y - size - i * size * 1.3, size, weight, color: INK });
          }
          x += columns[c]! * this.width;
        }
        this.y -= height;
      }
      this.y -= 4;
    });
  }

  async save(): Promise<Uint8Array> {
    this.newPage();
    for (const block of this.blocks) await block();
    const pages = this.pdf.getPages();
    for (const [i, page] of pages.entries()) {
      await this.typeset.draw(page, this.footer(i + 1, pages.length), { x: MARGIN, y: 30, size: 8.5, color: GREY });
    }
    return this.pdf.save();
  }
}
