import type { RGB } from 'pdf-lib';
import type { OverallStatus, ReportRowResult, SectionStatus } from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, type TextStyle, type Writer } from './layout.js';

// The report's tables: a heading with its badge, a header row, and rows that flow over pages. The checks'
// tables (check, value, expected, result) are shared by the checklist's steps and a test pack's groups; the
// issues list has its own columns.

export type RowResult = ReportRowResult;
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
  // An answer that raised an issue for someone to put right: not a fail, not a pass.
  issue: { text: 'OPEN ISSUE', color: COLOURS.pending, font: 'bold' },
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

/** A column of a table: its heading and share of the width; a result column draws its cell as a coloured word. */
export interface Column {
  title: string;
  width: number;
  result?: boolean;
  /** The column the eye looks for (the value recorded): bold. */
  bold?: boolean;
}

/** A cell: text, or in a result column the result it shows (PASS, FAIL, OPEN...). */
export type Cell = string | RowResult;

/** The checks' columns: what was checked, the value recorded, what was required and the verdict. */
const CHECK_COLUMNS: Column[] = [
  { title: 'CHECK', width: 0.44 },
  { title: 'RECORDED', width: 0.2, bold: true },
  { title: 'REQUIRED', width: 0.2 },
  { title: 'RESULT', width: 0.16, result: true },
];

/**
 * A table's heading: a step's (large, brand colour), or a group's inside a step (smaller, under the step's
 * verdict), with the badge on the right.
 */
export interface Heading {
  title: string;
  badge: { label: string; color: RGB; tint: RGB };
  level?: 'step' | 'group' | undefined;
}

function tableHeader(w: Writer, columns: Column[]) {
  const height = 18;
  const top = w.y;
  w.rect(MARGIN.left, top, CONTENT_WIDTH, height, { fill: COLOURS.brandTint });
  let x = MARGIN.left;
  for (const c of columns) {
    w.lineAt(c.title, x + 7, top - 12, c.width * CONTENT_WIDTH - 10, { font: 'bold', size: 7.5, color: COLOURS.brand });
    x += c.width * CONTENT_WIDTH;
  }
  w.y -= height;
}

function drawHeading(w: Writer, heading: Heading, continued = false) {
  const top = w.y;
  const group = heading.level === 'group';
  const title = continued ? `${heading.title} (continued)` : heading.title;
  w.lineAt(title, MARGIN.left, top - (group ? 12 : 13), CONTENT_WIDTH - 90, {
    font: 'bold',
    size: group ? 10.5 : 12.5,
    color: group ? COLOURS.ink : COLOURS.brand,
  });
  badge(w, heading.badge.label, PAGE.width - MARGIN.right, top - 1, heading.badge, group ? 7.5 : 8);
  w.y = top - (group ? 20 : 22);
}

/** A step's heading with its verdict badge. */
export function sectionHeading(w: Writer, title: string, status: SectionStatus) {
  drawHeading(w, { title, badge: STATUS_STYLE[status] });
}

/** A titled table that flows over pages with its heading and column headers repeated. */
export function drawGrid(w: Writer, heading: Heading, columns: Column[], rows: Cell[][]) {
  const body: TextStyle = { size: 9.5 };
  const cellLines = (row: Cell[]) =>
    row.map((t, i) => (columns[i]!.result ? [''] : w.lines(t, columns[i]!.width * CONTENT_WIDTH - 14, body)));
  const rowHeight = (row: Cell[]) => Math.max(...cellLines(row).map((l) => l.length)) * w.lineHeight(body) + 9;
  const headingHeight = heading.level === 'group' ? 20 : 22;

  // Keep a table on one page when it fits on one; a long one (many rooms) flows on with its header repeated.
  const whole = headingHeight + 18 + rows.reduce((a, r) => a + rowHeight(r), 0);
  w.ensure(whole <= PAGE.height - MARGIN.top - MARGIN.bottom ? whole : headingHeight + 18 + rowHeight(rows[0] ?? []));
  drawHeading(w, heading);
  tableHeader(w, columns);
  rows.forEach((row, i) => {
    const h = rowHeight(row);
    if (h > w.room) {
      w.newPage();
      drawHeading(w, heading, true);
      tableHeader(w, columns);
    }
    const top = w.y;
    if (i % 2 === 1) w.rect(MARGIN.left, top, CONTENT_WIDTH, h, { fill: COLOURS.stripe });
    let x = MARGIN.left;
    cellLines(row).forEach((lines, c) => {
      const column = columns[c]!;
      const width = column.width * CONTENT_WIDTH;
      if (column.result) {
        const r = RESULT_TEXT[row[c] as RowResult];
        w.lineAt(r.text, x + 7, top - 4.5 - 9.5 + 9.5 * 0.18, width - 10, { font: r.font, size: 8.5, color: r.color });
      } else {
        w.textAt(lines.join('\n'), x + 7, top - 4.5, width - 14, column.bold ? { ...body, font: 'bold' } : body);
      }
      x += width;
    });
    w.y = top - h;
    w.hline(w.y);
  });
  w.gap(heading.level === 'group' ? 14 : 18);
}

/** A titled table of checks (check, value, expected, result): a step's, or a group's inside its step. */
export function drawTable(w: Writer, title: string, status: SectionStatus, rows: Row[], level?: Heading['level']) {
  drawGrid(
    w,
    { title, badge: STATUS_STYLE[status], level },
    CHECK_COLUMNS,
    rows.map((r) => [r.check, r.value, r.expected, r.result]),
  );
}
