import type { RGB } from 'pdf-lib';
import type { OverallStatus, SectionStatus } from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, type TextStyle, type Writer } from './layout.js';

// The report's tables: a heading with its status badge, a header row, and rows of check, value, expected and
// result that flow over pages. Shared by the checklist's sections and a test pack's groups.

export type RowResult = 'pass' | 'fail' | 'pending' | 'info' | 'recorded' | 'open' | 'resolved';
export interface Row {
  check: string;
  value: string;
  expected: string;
  result: RowResult;
}

const RESULT_TEXT: Record<RowResult, { text: string; color: RGB; font: TextStyle['font'] }> = {
  pass: { text: 'PASS', color: COLOURS.pass, font: 'bold' },
  fail: { text: 'FAIL', color: COLOURS.fail, font: 'bold' },
  pending: { text: 'NOT RECORDED', color: COLOURS.pending, font: 'bold' },
  info: { text: 'INFO', color: COLOURS.muted, font: 'regular' },
  recorded: { text: 'RECORDED', color: COLOURS.ink, font: 'regular' },
  open: { text: 'OPEN', color: COLOURS.fail, font: 'bold' },
  resolved: { text: 'RESOLVED', color: COLOURS.pass, font: 'regular' },
};

export const STATUS_STYLE: Record<SectionStatus | Lowercase<OverallStatus>, { label: string; color: RGB; tint: RGB }> =
  {
    pass: { label: 'PASS', color: COLOURS.pass, tint: COLOURS.passTint },
    fail: { label: 'FAIL', color: COLOURS.fail, tint: COLOURS.failTint },
    pending: { label: 'PENDING', color: COLOURS.pending, tint: COLOURS.pendingTint },
    'n/a': { label: 'N/A', color: COLOURS.na, tint: COLOURS.stripe },
  };

export function badge(
  w: Writer,
  text: string,
  right: number,
  top: number,
  colors: { color: RGB; tint: RGB },
  size = 8,
) {
  const style: TextStyle = { font: 'bold', size };
  const width = w.width(text, style) + 14;
  const height = size + 9;
  w.rect(right - width, top, width, height, { fill: colors.tint, border: colors.color, borderWidth: 0.8 });
  w.lineAt(text, right - width + 7, top - height + 5.2, width, { ...style, color: colors.color });
  return width;
}

const COLUMNS = [
  { title: 'CHECK', width: 0.44 },
  { title: 'RECORDED', width: 0.2 },
  { title: 'REQUIRED', width: 0.2 },
  { title: 'RESULT', width: 0.16 },
];

function tableHeader(w: Writer) {
  const height = 18;
  const top = w.y;
  w.rect(MARGIN.left, top, CONTENT_WIDTH, height, { fill: COLOURS.brandTint });
  let x = MARGIN.left;
  for (const c of COLUMNS) {
    w.lineAt(c.title, x + 7, top - 12, c.width * CONTENT_WIDTH - 10, { font: 'bold', size: 7.5, color: COLOURS.brand });
    x += c.width * CONTENT_WIDTH;
  }
  w.y -= height;
}

export function sectionHeading(w: Writer, title: string, status: SectionStatus, continued = false) {
  const top = w.y;
  w.lineAt(continued ? `${title} (continued)` : title, MARGIN.left, top - 13, CONTENT_WIDTH - 90, {
    font: 'bold',
    size: 12.5,
    color: COLOURS.brand,
  });
  badge(w, STATUS_STYLE[status].label, PAGE.width - MARGIN.right, top - 1, STATUS_STYLE[status]);
  w.y = top - 22;
}

/** A titled table of checks (check, value, expected, result) that flows over pages with its header repeated. */
export function drawTable(w: Writer, title: string, status: SectionStatus, rows: Row[]) {
  const body: TextStyle = { size: 9.5 };
  const cellLines = (row: Row) =>
    [row.check, row.value, row.expected].map((t, i) => w.lines(t, COLUMNS[i]!.width * CONTENT_WIDTH - 14, body));
  const rowHeight = (row: Row) => Math.max(...cellLines(row).map((l) => l.length)) * w.lineHeight(body) + 9;

  // Keep a table on one page when it fits on one; a long one (many rooms) flows on with its header repeated.
  const whole = 22 + 18 + rows.reduce((a, r) => a + rowHeight(r), 0);
  w.ensure(whole <= PAGE.height - MARGIN.top - MARGIN.bottom ? whole : 22 + 18 + rowHeight(rows[0]!));
  sectionHeading(w, title, status);
  tableHeader(w);
  rows.forEach((row, i) => {
    const h = rowHeight(row);
    if (h > w.room) {
      w.newPage();
      sectionHeading(w, title, status, true);
      tableHeader(w);
    }
    const top = w.y;
    if (i % 2 === 1) w.rect(MARGIN.left, top, CONTENT_WIDTH, h, { fill: COLOURS.stripe });
    let x = MARGIN.left;
    cellLines(row).forEach((lines, c) => {
      w.textAt(
        lines.join('\n'),
        x + 7,
        top - 4.5,
        COLUMNS[c]!.width * CONTENT_WIDTH - 14,
        c === 1 ? { ...body, font: 'bold' } : body,
      );
      x += COLUMNS[c]!.width * CONTENT_WIDTH;
    });
    const r = RESULT_TEXT[row.result];
    w.lineAt(r.text, x + 7, top - 4.5 - 9.5 + 9.5 * 0.18, COLUMNS[3]!.width * CONTENT_WIDTH - 10, {
      font: r.font,
      size: 8.5,
      color: r.color,
    });
    w.y = top - h;
    w.hline(w.y);
  });
  w.gap(18);
}
