import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fit, wrap } from '../src/text.js';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});
const width = (t: string) => font.widthOfTextAtSize(t, 10);

describe('wrap', () => {
  it.each([
    ['a word longer than a line, as a reason typed without spaces', 'x'.repeat(2000), 200],
    ['a serial wider than its column', 'SN-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 60],
    ['words and one long word', `Strainer ${'W'.repeat(120)} blocked at the primary`, 150],
  ])('%s: every line fits, each as full as it can be, and nothing is lost', (_, text, max) => {
    const lines = wrap(text, font, 10, max);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(max);
    expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    // A line cut from a word takes as many characters as fit: one more would not.
    lines.slice(0, -1).forEach((line, i) => {
      const next = lines[i + 1]!;
      if (/^[A-Z0-9x-]+$/.test(line) && /^[A-Z0-9x-]/.test(next) && line.length > 8)
        expect(width(line + next[0])).toBeGreaterThan(max);
    });
  });
});

describe('fit', () => {
  it('keeps what fits with an ellipsis, as many characters as fit', () => {
    const text = 'Flat 12, Montgomery House, Riverside Court';
    const out = fit(text, font, 10, 100);
    expect(out.endsWith('…')).toBe(true);
    expect(width(out)).toBeLessThanOrEqual(100);
    const kept = out.slice(0, -1);
    expect(width(`${text.slice(0, kept.length + 1)}…`)).toBeGreaterThan(100);
  });

  it('leaves text that fits as it is', () => {
    expect(fit('Flat 1', font, 10, 100)).toBe('Flat 1');
  });
});
