import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { fit, sanitise, wrap } from './text.js';

/** Names and serials are drawn on one line: a line break typed into one (or imported from a CSV) becomes a space. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { left: 44, right: 44, top: 48, bottom: 64 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const COLOURS = {
  ink: rgb(0.11, 0.13, 0.17),
  muted: rgb(0.4, 0.43, 0.48),
  rule: rgb(0.84, 0.86, 0.89),
  stripe: rgb(0.965, 0.97, 0.98),
  brand: rgb(0.09, 0.2, 0.35),
  brandTint: rgb(0.91, 0.94, 0.97),
  onBrand: rgb(0.8, 0.86, 0.93),
  white: rgb(1, 1, 1),
  pass: rgb(0.08, 0.5, 0.24),
  passTint: rgb(0.9, 0.97, 0.92),
  fail: rgb(0.73, 0.11, 0.11),
  failTint: rgb(0.99, 0.92, 0.92),
  pending: rgb(0.7, 0.38, 0.02),
  pendingTint: rgb(1, 0.96, 0.88),
  na: rgb(0.45, 0.47, 0.5),
};

export interface TextStyle {
  font?: 'regular' | 'bold' | 'oblique';
  size?: number;
  color?: RGB;
  lineGap?: number;
}

/** Draws onto A4 pages top to bottom, starting a new page when the next block does not fit. */
export class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** Top of the next block, in PDF coordinates (origin bottom-left). */
  y = 0;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Record<'regular' | 'bold' | 'oblique', PDFFont>,
  ) {}

  static async create(): Promise<Writer> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      oblique: await doc.embedFont(StandardFonts.HelveticaOblique),
    };
    const w = new Writer(doc, fonts);
    w.newPage();
    return w;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Room left on this page above the footer. */
  get room(): number {
    return this.y - MARGIN.bottom;
  }

  ensure(height: number) {
    if (height > this.room) this.newPage();
  }

  gap(height: number) {
    this.y -= height;
  }

  font(style: TextStyle = {}): PDFFont {
    return this.fonts[style.font ?? 'regular'];
  }

  clean(text: string, style: TextStyle = {}): string {
    return sanitise(oneLine(text), this.font(style));
  }

  lines(text: string, width: number, style: TextStyle = {}): string[] {
    const font = this.font(style);
    return wrap(sanitise(text, font), font, style.size ?? 10, width);
  }

  lineHeight(style: TextStyle = {}): number {
    return (style.size ?? 10) * 1.25 + (style.lineGap ?? 0);
  }

  /** Draws wrapped text with its top at `top`; returns the height used. */
  textAt(text: string, x: number, top: number, width: number, style: TextStyle = {}): number {
    const size = style.size ?? 10;
    const font = this.font(style);
    const lh = this.lineHeight(style);
    const lines = this.lines(text, width, style);
    lines.forEach((line, i) => {
      this.page.drawText(line, {
        x,
        y: top - size - i * lh + size * 0.18,
        size,
        font,
        color: style.color ?? COLOURS.ink,
      });
    });
    return lines.length * lh;
  }

  /** One line, shortened with an ellipsis if needed, baseline at `y`. */
  lineAt(text: string, x: number, y: number, width: number, style: TextStyle = {}) {
    const size = style.size ?? 10;
    const font = this.font(style);
    this.page.drawText(fit(sanitise(oneLine(text), font), font, size, width), {
      x,
      y,
      size,
      font,
      color: style.color ?? COLOURS.ink,
    });
  }

  /** Right-aligned single line ending at `right`. */
  lineRight(text: string, right: number, y: number, style: TextStyle = {}) {
    const size = style.size ?? 10;
    const font = this.font(style);
    const clean = sanitise(oneLine(text), font);
    this.page.drawText(clean, {
      x: right - font.widthOfTextAtSize(clean, size),
      y,
      size,
      font,
      color: style.color ?? COLOURS.ink,
    });
  }

  width(text: string, style: TextStyle = {}): number {
    const font = this.font(style);
    return font.widthOfTextAtSize(sanitise(oneLine(text), font), style.size ?? 10);
  }

  /** Flowing paragraph at the cursor, split across pages line by line. */
  paragraph(text: string, style: TextStyle = {}, x = MARGIN.left, width = CONTENT_WIDTH) {
    const lh = this.lineHeight(style);
    for (const line of this.lines(text, width, style)) {
      this.ensure(lh);
      this.textAt(line, x, this.y, width, style);
      this.y -= lh;
    }
  }

  rect(
    x: number,
    top: number,
    width: number,
    height: number,
    opts: { fill?: RGB; border?: RGB; borderWidth?: number },
  ) {
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      color: opts.fill,
      borderColor: opts.border,
      borderWidth: opts.border ? (opts.borderWidth ?? 0.75) : 0,
    });
  }

  hline(top: number, x1 = MARGIN.left, x2 = PAGE.width - MARGIN.right, color = COLOURS.rule, thickness = 0.6) {
    this.page.drawLine({ start: { x: x1, y: top }, end: { x: x2, y: top }, thickness, color });
  }
}
