import type { PDFImage, RGB } from 'pdf-lib';
import {
  SECTIONS,
  sectionRows,
  evaluate,
  failureSummary,
  formatDateTime,
  formatDuration,
  formatLocation,
  skippedSteps,
  notApplicableText,
  stepNotApplicable,
  stepByNumber,
  stepStamps,
  testPackName,
  type Evaluation,
  type OverallStatus,
  type Ranges,
  type ReportRevision,
  type ReportSummary,
  type WizardData,
} from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, Writer, type TextStyle } from './layout.js';
import { embedImage, type ReportImage } from './images.js';
import { drawReview, type ReportReview } from './review-block.js';
import { drawNetworkIssues, drawPackGroups, drawPackStepSeven, type NetworkIssue } from './pack-sections.js';
import { drawTable, sectionHeading, STATUS_STYLE } from './table.js';

export type { ReportImage } from './images.js';

export interface ReportPdfInput {
  /** The names copied onto the report at submit, so the PDF never depends on the site still existing. */
  report: Pick<
    ReportSummary,
    | 'siteName'
    | 'propertyAddress'
    | 'dwellingType'
    | 'hiuModel'
    | 'hiuSerial'
    | 'engineerName'
    | 'startTime'
    | 'completedAt'
    | 'overallStatus'
  > &
    /** Given once the server files the report; a PDF made on the phone before that has neither. */
    Partial<Pick<ReportSummary, 'reference' | 'siteLocation'>>;
  wizardData: WizardData;
  /** The ranges the report was judged against. */
  ranges: Ranges;
  /** 'defaults' when the site was gone at submit and the spec's default ranges were used. */
  rangesFrom?: 'site' | 'defaults';
  notes: string;
  failedStep: number | null;
  failureReasons: string[];
  /** Photo and signature bytes by file id. A missing or unreadable image is shown as a placeholder. */
  images: Record<string, ReportImage>;
  /** Photos left out on purpose, by file id, with the words printed in their place. */
  imagesNotShown?: Record<string, string>;
  /** Its review, once filed; absent on a PDF made on the phone. */
  review?: ReportReview;
  /** Its revisions up to this one; the corrections among them are printed. */
  revisions?: ReportRevision[];
  /**
   * The site's network-wide issues open when the report was submitted (docs/product.md#network-wide-issues),
   * printed in its issues table as applying to every flat; absent on a PDF made on the phone.
   */
  networkIssues?: NetworkIssue[];
}

const DASH = '—';

/** Builds the commissioning report PDF (A4). Pure apart from pdf-lib: runs in the browser and on the server. */
export async function buildReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const { report, wizardData: data, ranges, failedStep } = input;
  const evaluation = evaluate(data, ranges, failedStep);
  const w = await Writer.create();
  const status = report.overallStatus;

  const serial = report.hiuSerial.trim() || 'Unknown';
  w.doc.setTitle(`HIU Commissioning Report - ${serial}`);
  w.doc.setSubject([report.siteName, report.propertyAddress].filter(Boolean).join(', '));
  w.doc.setAuthor(report.engineerName);
  w.doc.setCreator('HIU Commissioning');
  w.doc.setProducer('HIU Commissioning');
  const completed = new Date(report.completedAt);
  if (!Number.isNaN(completed.getTime())) {
    w.doc.setCreationDate(completed);
    w.doc.setModificationDate(completed);
  }

  drawTitle(w, status, report.siteName);
  drawDetails(w, input, failedStep);
  drawSummary(w, input, evaluation);
  for (const section of SECTIONS) drawSection(w, section, data, ranges, evaluation, failedStep, input.networkIssues);
  // Step 7 was not carried out: the site's issues still apply to the flat, so they print after the steps.
  if (failedStep && failedStep < 7) drawNetworkIssues(w, input.networkIssues ?? []);
  drawEvidence(w, data);
  drawReview(w, input.review, input.revisions);
  await drawPhotos(w, input);
  if (input.notes.trim()) drawNotes(w, input.notes);
  drawFooters(w, input);

  return w.doc.save();
}

function drawTitle(w: Writer, status: OverallStatus, siteName: string) {
  const bandHeight = 92;
  const top = PAGE.height;
  w.rect(0, top, PAGE.width, bandHeight, { fill: COLOURS.brand });
  w.lineAt('HIU COMMISSIONING REPORT', MARGIN.left, top - 44, 340, { font: 'bold', size: 21, color: COLOURS.white });
  w.lineAt(
    siteName ? `Heat interface unit commissioning · ${siteName}` : 'Heat interface unit commissioning',
    MARGIN.left,
    top - 64,
    330,
    {
      size: 10,
      color: COLOURS.onBrand,
    },
  );

  const style = STATUS_STYLE[status.toLowerCase() as Lowercase<OverallStatus>];
  const pillWidth = 136;
  const pillHeight = 50;
  const right = PAGE.width - MARGIN.right;
  const pillTop = top - 22;
  w.rect(right - pillWidth, pillTop, pillWidth, pillHeight, {
    fill: style.color,
    border: COLOURS.white,
    borderWidth: 1.5,
  });
  const label = 'OVERALL RESULT';
  const labelStyle: TextStyle = { font: 'bold', size: 7, color: COLOURS.white };
  w.lineAt(label, right - pillWidth / 2 - w.width(label, labelStyle) / 2, pillTop - 12, pillWidth, labelStyle);
  const big: TextStyle = { font: 'bold', size: 22, color: COLOURS.white };
  w.lineAt(status, right - pillWidth / 2 - w.width(status, big) / 2, pillTop - 39, pillWidth, big);
  w.y = top - bandHeight - 22;
}

function drawDetails(w: Writer, input: ReportPdfInput, failedStep: number | null) {
  const { report, wizardData: data } = input;
  const start = report.startTime;
  const items: { label: string; value: string; span?: number }[] = [
    { label: 'Report reference', value: report.reference || 'Given when filed' },
    { label: 'Site', value: report.siteName },
    { label: 'Site location', value: report.siteLocation ?? '' },
    { label: 'Property address', value: report.propertyAddress, span: 2 },
    { label: 'Dwelling type', value: report.dwellingType },
    { label: 'HIU model', value: report.hiuModel },
    { label: 'HIU serial', value: report.hiuSerial },
    { label: 'Engineer', value: report.engineerName },
    { label: 'Started', value: formatDateTime(start) },
    { label: 'Completed', value: formatDateTime(report.completedAt) },
    { label: 'Duration', value: formatDuration(start, report.completedAt) },
  ];
  // A standard report's details are as they always were; a test pack's report names its pack.
  if (data.testPack && data.testPack.id !== 'standard')
    items.push({ label: 'Test pack', value: testPackName(data.testPack), span: 2 });
  if (failedStep)
    items.push({
      label: 'Device failed at',
      value: `Step ${failedStep}: ${stepByNumber(failedStep)?.name ?? ''}`,
      span: 2,
    });

  const cols = 3;
  const pad = 12;
  const colWidth = (CONTENT_WIDTH - pad * 2) / cols;
  const labelStyle: TextStyle = { font: 'bold', size: 7.5, color: COLOURS.muted };
  const valueStyle: TextStyle = { size: 10.5 };

  // Lay the items out in rows of three columns first, to know the box height.
  const rows: { item: (typeof items)[number]; col: number }[][] = [];
  let row: { item: (typeof items)[number]; col: number }[] = [];
  let col = 0;
  for (const item of items) {
    const span = item.span ?? 1;
    if (col + span > cols) {
      rows.push(row);
      row = [];
      col = 0;
    }
    row.push({ item, col });
    col += span;
  }
  if (row.length) rows.push(row);

  const heights = rows.map((r) =>
    Math.max(
      ...r.map(
        ({ item }) =>
          11 +
          w.lines(item.value || DASH, colWidth * (item.span ?? 1) - 10, valueStyle).length * w.lineHeight(valueStyle),
      ),
    ),
  );
  const boxHeight = heights.reduce((a, b) => a + b + 8, 0) + pad * 2 - 8;
  w.ensure(boxHeight);
  const top = w.y;
  w.rect(MARGIN.left, top, CONTENT_WIDTH, boxHeight, { fill: COLOURS.stripe, border: COLOURS.rule });
  let y = top - pad;
  rows.forEach((r, i) => {
    for (const { item, col: c } of r) {
      const x = MARGIN.left + pad + c * colWidth;
      w.lineAt(item.label.toUpperCase(), x, y - 7.5, colWidth, labelStyle);
      w.textAt(item.value || DASH, x, y - 11, colWidth * (item.span ?? 1) - 10, valueStyle);
    }
    y -= heights[i]! + 8;
  });
  w.y = top - boxHeight - 8;
  const basis =
    input.rangesFrom === 'defaults'
      ? 'Values are judged against the default design ranges: the site no longer existed when the report was submitted.'
      : 'Values are judged against the site design parameters in force when the report was submitted.';
  w.lineAt(basis, MARGIN.left, w.y - 8, CONTENT_WIDTH, { font: 'oblique', size: 8, color: COLOURS.muted });
  w.gap(22);
}

/** A tinted box with a heading and bullet lines. */
function callout(w: Writer, title: string, lines: string[], colors: { color: RGB; tint: RGB }) {
  const pad = 10;
  const textWidth = CONTENT_WIDTH - pad * 2 - 12;
  const body: TextStyle = { size: 9.5 };
  const wrapped = lines.map((l) => w.lines(l, textWidth, body));
  const height = pad * 2 + 15 + wrapped.reduce((a, l) => a + l.length * w.lineHeight(body) + 2, 0);
  w.ensure(Math.min(height, 200));
  const top = w.y;
  const drawnHeight = Math.min(height, w.room);
  w.rect(MARGIN.left, top, CONTENT_WIDTH, drawnHeight, { fill: colors.tint });
  w.rect(MARGIN.left, top, 3.5, drawnHeight, { fill: colors.color });
  w.lineAt(title, MARGIN.left + pad + 2, top - pad - 9, CONTENT_WIDTH - pad * 2, {
    font: 'bold',
    size: 10.5,
    color: colors.color,
  });
  w.y = top - pad - 17;
  for (const l of wrapped) {
    l.forEach((line, i) => {
      w.ensure(w.lineHeight(body));
      if (i === 0) w.lineAt('•', MARGIN.left + pad + 2, w.y - 9.5, 8, { ...body, color: colors.color });
      w.lineAt(line, MARGIN.left + pad + 14, w.y - 9.5, textWidth, body);
      w.gap(w.lineHeight(body));
    });
    w.gap(2);
  }
  w.y = Math.min(w.y, top - drawnHeight);
  w.gap(14);
}

function drawSummary(w: Writer, input: ReportPdfInput, evaluation: Evaluation) {
  const status = input.report.overallStatus;
  if (status === 'FAIL') {
    // Each line with the value found and the value expected; the stored reasons if none.
    const summary = failureSummary(input.wizardData, input.ranges, input.failedStep);
    const reasons = summary.length ? summary : input.failureReasons;
    const step = input.failedStep ? stepByNumber(input.failedStep) : undefined;
    const title = step ? `Failure summary: device failed at step ${step.number} (${step.name})` : 'Failure summary';
    callout(w, title, reasons.length ? reasons : ['The check did not pass.'], STATUS_STYLE.fail);
  } else if (status === 'PENDING') {
    const pending = SECTIONS.filter((s) => evaluation.sections[s.id] === 'pending').map((s) => s.title);
    callout(
      w,
      'Result pending: required values were not recorded',
      pending.length ? [`Incomplete: ${pending.join(', ')}.`] : [],
      STATUS_STYLE.pending,
    );
  } else {
    callout(
      w,
      'All checks passed',
      ['Every recorded value is within the design range for this site.'],
      STATUS_STYLE.pass,
    );
  }
  const notices = [
    ...skippedSteps(input.wizardData, input.failedStep),
    ...evaluation.issues.filter((i) => i.severity === 'warning').map((i) => i.text),
  ];
  if (notices.length) callout(w, 'Notices', notices, { color: COLOURS.brand, tint: COLOURS.brandTint });
}

function drawSection(
  w: Writer,
  section: (typeof SECTIONS)[number],
  data: WizardData,
  ranges: Ranges,
  evaluation: Evaluation,
  failedStep: number | null,
  networkIssues: readonly NetworkIssue[] = [],
) {
  const status = evaluation.sections[section.id];
  const title = `${section.step}. ${section.title}`;
  const notDone = failedStep && section.step > failedStep;
  const skipped = !notDone && section.id === 'radiators' && Object.keys(data.radiators.roomChecks).length === 0;
  if (notDone || skipped) {
    w.ensure(48);
    sectionHeading(w, title, status);
    const text = notDone
      ? `Not carried out: the device failed at step ${failedStep}.`
      : stepNotApplicable(data.radiators)
        ? `${notApplicableText(data.radiators.notApplicableReason)}.`
        : 'Step skipped: no radiator valve settings were recorded.';
    w.rect(MARGIN.left, w.y, CONTENT_WIDTH, 22, { fill: COLOURS.stripe });
    w.lineAt(text, MARGIN.left + 7, w.y - 14.5, CONTENT_WIDTH - 14, {
      font: 'oblique',
      size: 9.5,
      color: COLOURS.muted,
    });
    w.gap(22 + 16);
    return;
  }

  drawTable(w, title, status, sectionRows(section.id, data, ranges));
  // A test pack's groups of this step print under its verdict, so a failing pack reading is read with its step.
  drawPackGroups(w, data, ranges, section.step);
  if (section.id === 'photosSignature') drawPackStepSeven(w, data, networkIssues);
}

/** When each step was completed and, if the engineer allowed it, where they were at submit. */
function drawEvidence(w: Writer, data: WizardData) {
  const rows = [
    ...stepStamps(data).map((s) => ({ label: `Step ${s.number}: ${s.name} completed`, value: formatDateTime(s.at) })),
    { label: 'Location at submit', value: formatLocation(data.submitLocation) },
  ];
  const label: TextStyle = { size: 9.5 };
  const value: TextStyle = { size: 9.5, font: 'bold' };
  const labelWidth = CONTENT_WIDTH * 0.5;
  const rowHeight = w.lineHeight(label) + 7;
  w.ensure(22 + 6 + rowHeight * rows.length);
  w.lineAt('Evidence', MARGIN.left, w.y - 13, CONTENT_WIDTH, { font: 'bold', size: 12.5, color: COLOURS.brand });
  w.y -= 20;
  w.hline(w.y, MARGIN.left, PAGE.width - MARGIN.right, COLOURS.brand, 0.8);
  w.gap(4);
  rows.forEach((r, i) => {
    w.ensure(rowHeight);
    const top = w.y;
    if (i % 2 === 1) w.rect(MARGIN.left, top, CONTENT_WIDTH, rowHeight, { fill: COLOURS.stripe });
    w.lineAt(r.label, MARGIN.left + 7, top - rowHeight + 5, labelWidth - 14, label);
    w.lineAt(r.value, MARGIN.left + labelWidth, top - rowHeight + 5, CONTENT_WIDTH - labelWidth - 7, value);
    w.y = top - rowHeight;
  });
  w.gap(18);
}

function fitBox(img: { width: number; height: number }, maxW: number, maxH: number) {
  const scale = Math.min(maxW / img.width, maxH / img.height, 1.5);
  return { width: img.width * scale, height: img.height * scale };
}

function placeholder(w: Writer, x: number, top: number, width: number, height: number, text: string) {
  w.rect(x, top, width, height, { fill: COLOURS.stripe, border: COLOURS.rule });
  const style: TextStyle = { font: 'oblique', size: 9, color: COLOURS.muted };
  w.lineAt(
    text,
    x + width / 2 - Math.min(w.width(text, style), width - 12) / 2,
    top - height / 2 - 3,
    width - 12,
    style,
  );
}

async function drawPhotos(w: Writer, input: ReportPdfInput) {
  const p = input.wizardData.photosSignature;
  const heading = (title: string) => {
    w.lineAt(title, MARGIN.left, w.y - 13, CONTENT_WIDTH, { font: 'bold', size: 12.5, color: COLOURS.brand });
    w.y -= 20;
    w.hline(w.y, MARGIN.left, PAGE.width - MARGIN.right, COLOURS.brand, 0.8);
    w.gap(10);
  };
  const images = new Map<string, PDFImage | null>();
  const load = async (id: string) => {
    if (!images.has(id)) images.set(id, await embedImage(w.doc, input.images[id] ?? input.images[id.toLowerCase()]));
    return images.get(id) ?? null;
  };

  const notShown = input.imagesNotShown ?? {};
  const gutter = 16;
  const colWidth = (CONTENT_WIDTH - gutter) / 2;
  const maxImageHeight = 190;
  const label: TextStyle = { size: 9 };
  if (p.photos.length) {
    w.ensure(34 + 120);
    heading(`Photos (${p.photos.length})`);
    for (let i = 0; i < p.photos.length; i += 2) {
      const pair = p.photos.slice(i, i + 2);
      // One image at a time: each is embedded (a PNG decoded) and let go before the next is read.
      const cells = [];
      for (const [j, photo] of pair.entries()) {
        const img = await load(photo.id);
        const box = img ? fitBox(img, colWidth, maxImageHeight) : { width: colWidth, height: 110 };
        const caption = photo.label.trim() || `Photo ${i + j + 1}`;
        const text = photo.takenAt ? `${caption} (taken ${formatDateTime(photo.takenAt)})` : caption;
        const lines = w.lines(text, colWidth, label);
        const missing = notShown[photo.id] ?? notShown[photo.id.toLowerCase()] ?? 'Image not available';
        cells.push({ img, box, text, missing, height: box.height + 6 + lines.length * w.lineHeight(label) });
      }
      const rowHeight = Math.max(...cells.map((c) => c.height)) + 14;
      w.ensure(rowHeight);
      const top = w.y;
      cells.forEach((c, j) => {
        const x = MARGIN.left + j * (colWidth + gutter);
        if (c.img) {
          w.page.drawImage(c.img, { x, y: top - c.box.height, width: c.box.width, height: c.box.height });
          w.rect(x, top, c.box.width, c.box.height, { border: COLOURS.rule, borderWidth: 0.5 });
        } else {
          placeholder(w, x, top, colWidth, c.box.height, c.missing);
        }
        w.textAt(c.text, x, top - c.box.height - 5, colWidth, label);
      });
      w.y = top - rowHeight;
    }
  }

  // After a device failure step 7 never happened: no signature block unless one was captured.
  if (!p.signature && input.failedStep) return;
  w.ensure(34 + 90 + 36);
  heading('Signature');
  const sigWidth = 240;
  const sigHeight = 80;
  const top = w.y;
  const sig = p.signature ? await load(p.signature.slice('/api/files/'.length)) : null;
  if (sig) {
    w.rect(MARGIN.left, top, sigWidth, sigHeight, { fill: COLOURS.white, border: COLOURS.rule });
    const box = fitBox(sig, sigWidth - 12, sigHeight - 12);
    w.page.drawImage(sig, {
      x: MARGIN.left + (sigWidth - box.width) / 2,
      y: top - sigHeight + (sigHeight - box.height) / 2,
      width: box.width,
      height: box.height,
    });
  } else {
    placeholder(
      w,
      MARGIN.left,
      top,
      sigWidth,
      sigHeight,
      p.signature ? 'Signature not available' : 'No signature provided',
    );
  }
  w.y = top - sigHeight - 4;
  if (sig) {
    w.lineAt(
      `Signed by ${input.report.engineerName || 'the engineer'} on ${formatDateTime(input.report.completedAt)}`,
      MARGIN.left,
      w.y - 10,
      CONTENT_WIDTH,
      { size: 9, color: COLOURS.muted },
    );
  }
  w.gap(24);
}

function drawNotes(w: Writer, notes: string) {
  w.newPage();
  w.lineAt('Additional Notes', MARGIN.left, w.y - 16, CONTENT_WIDTH, { font: 'bold', size: 16, color: COLOURS.brand });
  w.y -= 26;
  w.hline(w.y, MARGIN.left, PAGE.width - MARGIN.right, COLOURS.brand, 0.8);
  w.gap(14);
  w.paragraph(notes.trim(), { size: 10.5, lineGap: 2 });
}

function drawFooters(w: Writer, input: ReportPdfInput) {
  const total = w.pages.length;
  const { report } = input;
  const left = [
    report.reference,
    `HIU ${report.hiuSerial.trim() || 'Unknown'}`,
    report.propertyAddress,
    formatDateTime(report.completedAt),
  ]
    .filter(Boolean)
    .join('  ·  ');
  const style: TextStyle = { size: 8, color: COLOURS.muted };
  w.pages.forEach((page, i) => {
    w.page = page;
    const y = MARGIN.bottom - 30;
    w.hline(y + 12);
    const right = `Page ${i + 1} of ${total}`;
    w.lineAt(left, MARGIN.left, y, CONTENT_WIDTH - w.width(right, style) - 20, style);
    w.lineRight(right, PAGE.width - MARGIN.right, y, style);
  });
}
