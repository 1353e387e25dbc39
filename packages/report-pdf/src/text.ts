import type { PDFFont } from 'pdf-lib';

/** Characters the standard (WinAnsi) fonts lack, with the nearest text they can show. */
const REPLACEMENTS: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '→': '->',
  '←': '<-',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '-',
  '✓': 'Yes',
  '✔': 'Yes',
  '✗': 'x',
  '✘': 'x',
  '℃': '°C',
  // A radiator's ΔT: the words an engineer says for it.
  Δ: 'delta ',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
};

const PICTOGRAPH = /\p{Extended_Pictographic}|\u200d|\ufe0f/u;

const charSets = new WeakMap<PDFFont, Set<number>>();

function charSet(font: PDFFont): Set<number> {
  let set = charSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charSets.set(font, set);
  }
  return set;
}

/**
 * Text a standard font can draw: known symbols mapped (keeping °, £, € and accented Latin letters that
 * WinAnsi has), other accents stripped, control characters dropped, anything else shown as "?".
 * Line breaks are kept; callers split on them.
 */
export function sanitise(text: string, font: PDFFont): string {
  const ok = charSet(font);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\n') {
      out += ch;
      continue;
    }
    if (ch === '\r') continue;
    const code = ch.codePointAt(0)!;
    if (ok.has(code)) {
      out += ch;
      continue;
    }
    const mapped = REPLACEMENTS[ch];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || PICTOGRAPH.test(ch)) continue;
    const stripped = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...stripped].every((c) => ok.has(c.codePointAt(0)!)) && stripped ? stripped : '?';
  }
  return out;
}

/**
 * The largest n in [least, most] for which `fits(n)` holds, `least` when none does; `fits` holds for every n
 * up to some point and none after (a prefix's width only grows). A binary search: a long word without spaces
 * (a 2,000-character reason) was measured once per character per line before, seconds of a PDF thread.
 */
function longestFitting(most: number, fits: (n: number) => boolean, least = 1): number {
  let lo = least;
  let hi = most;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Breaks sanitised text into lines no wider than maxWidth, breaking long words when they must. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > maxWidth) {
        const cut = longestFitting(rest.length - 1, (n) => font.widthOfTextAtSize(rest.slice(0, n), size) <= maxWidth);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Shortens one line with an ellipsis so it fits. */
export function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const end = longestFitting(text.length, (n) => font.widthOfTextAtSize(`${text.slice(0, n)}…`, size) <= maxWidth, 0);
  return `${text.slice(0, end)}…`;
}
