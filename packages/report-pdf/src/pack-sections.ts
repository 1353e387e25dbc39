import {
  APPLIES_TO_EVERY_FLAT,
  ISSUE_OWNER_LABELS,
  formatDate,
  packGroupRows,
  packOf,
  packPhotoRows,
  type PackIssue,
  type Ranges,
  type SectionStatus,
  type SiteIssue,
  type WizardData,
} from '@hiu/domain';
import { COLOURS } from './layout.js';
import { drawGrid, drawTable, STATUS_STYLE, type Cell, type Column, type Row } from './table.js';
import type { Writer } from './layout.js';

const DASH = '—';

const statusOf = (rows: Row[]): SectionStatus =>
  rows.some((r) => r.result === 'fail') ? 'fail' : rows.some((r) => r.result === 'pending') ? 'pending' : 'pass';

/**
 * The test pack's readings taken on one step: a table per group, drawn under the step's own
 * table and verdict, so a failing pack reading is read beside the step it fails. Nothing for the standard pack.
 */
export function drawPackGroups(w: Writer, data: WizardData, ranges: Ranges, step: number) {
  for (const { group, rows } of packGroupRows(data, ranges, step)) drawTable(w, group, statusOf(rows), rows, 'group');
}

/** What an issue's columns are: what is wrong, who must act, by when, open or resolved, and how it was closed. */
const ISSUE_COLUMNS: Column[] = [
  { title: 'WHAT', width: 0.34 },
  { title: 'WHO', width: 0.13, bold: true },
  { title: 'DUE', width: 0.14 },
  { title: 'STATE', width: 0.13, result: true },
  { title: 'CLOSING COMMENT', width: 0.26 },
];

/** How the issue was put right, by whom and when: "Strainer cleaned (Sam Engineer, 2 Mar 2026)". */
const closingComment = (i: PackIssue | NetworkIssue) => {
  const words = i.closingComment?.trim();
  if (!i.resolved) return DASH;
  const who = [i.closedBy, i.closedAt ? formatDate(i.closedAt) : undefined].filter(Boolean).join(', ');
  const text = [words, who ? `(${who})` : ''].filter(Boolean).join(' ');
  return text || DASH;
};

/** What the issues table prints of a network-wide issue: the site's, open when the report was submitted. */
export type NetworkIssue = Pick<
  SiteIssue,
  'description' | 'owner' | 'due' | 'resolved' | 'closingComment' | 'closedBy' | 'closedAt'
>;

/**
 * What step 7 adds under a pack: its required photos and its issues list, each in its own table under the
 * step's. The site's network-wide issues join the issues table, marked as applying to every flat, under any pack.
 */
export function drawPackStepSeven(w: Writer, data: WizardData, networkIssues: readonly NetworkIssue[] = []) {
  const pack = packOf(data);
  const photos = packPhotoRows(data);
  if (photos.length) drawTable(w, 'Required photos', statusOf(photos), photos, 'group');
  drawIssues(w, pack.issuesList ? (data.cp1?.issues ?? []) : [], networkIssues, pack.issuesList);
}

/**
 * The site's network-wide issues alone, for a report whose device failed before step 7: they apply to the flat
 * all the same (docs/product.md#network-wide-issues).
 */
export function drawNetworkIssues(w: Writer, networkIssues: readonly NetworkIssue[]) {
  drawIssues(w, [], networkIssues, false);
}

function drawIssues(w: Writer, issues: readonly PackIssue[], networkIssues: readonly NetworkIssue[], listed: boolean) {
  if (!listed && networkIssues.length === 0) return;
  const all = [...issues, ...networkIssues];
  const open = all.filter((i) => !i.resolved).length;
  const rows: Cell[][] = all.length
    ? [
        ...issues.map((i) => issueRow(i, i.description.trim() || DASH)),
        ...networkIssues.map((i) =>
          issueRow(i, `${i.description.trim() || DASH} (${APPLIES_TO_EVERY_FLAT.toLowerCase()})`),
        ),
      ]
    : [['No issues recorded', '', '', 'info', '']];
  const badge = open
    ? { ...STATUS_STYLE.fail, label: `${open} OPEN` }
    : { label: all.length ? 'ALL RESOLVED' : 'NONE', color: COLOURS.na, tint: COLOURS.stripe };
  drawGrid(w, { title: 'Issues (who must act, when)', badge, level: 'group' }, ISSUE_COLUMNS, rows);
}

const issueRow = (i: PackIssue | NetworkIssue, what: string): Cell[] => [
  what,
  ISSUE_OWNER_LABELS[i.owner],
  i.due ? formatDate(i.due) : 'No due date',
  i.resolved ? 'resolved' : 'open',
  closingComment(i),
];
