import {
  APPLIES_TO_EVERY_FLAT,
  FLAT_STATE_LABELS,
  formatDate,
  formatDateTime,
  formatRange,
  inRangeText,
  isOpenRange,
  ISSUE_OWNER_LABELS,
  MEASUREMENTS,
  packMeasurements,
  SECTIONS,
  testPackName,
  RADIATOR_RULE_TEXT,
  radiatorReadingText,
  zoneReadingText,
  type DwellingRadiator,
  type DwellingZone,
  type FlatState,
  type PackIssue,
  type Ranges,
  type SamplingPlan,
  type WitnessRecord,
  samplingCoverageText,
  roleLabel,
  type SiteDashboard,
  type SiteIssue,
  type TestPack,
} from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, Writer, type TextStyle } from './layout.js';
import { signOffPage, type PackSignOff } from './sign-off-page.js';

/** One flat's line in the pack's summary. */
export interface EvidenceFlat {
  address: string;
  block: string;
  floor: string;
  /** Its property type, whose ranges judge its readings. */
  type: string;
  state: FlatState;
  /** The latest report, if any. */
  latest: {
    reference: string;
    completedAt: string;
    engineerName: string;
    reviewerName: string | null;
    overallStatus: string;
    /** Key readings as recorded, by measurement id. */
    readings: Partial<Record<string, string>>;
  } | null;
  earlierAttempts: number;
  /** The review of the flat's latest report, whatever its state: approved, sent back or awaiting review. */
  review: 'approved' | 'sent_back' | 'awaiting_review' | null;
  /** The HIU and heat meter its latest approved report identifies (the asset register); blank when not recorded. */
  assets: { hiuModel: string; hiuSerial: string; meter: string; meterSerial: string } | null;
  /** Why its latest report failed, in the rule book's words; empty when it passed. */
  failureReasons: string[];
  /** The test pack's judged readings of its latest report (keep-warm, peak returns, design flow) and their ranges. */
  packReadings: { label: string; value: number | null; unit: string; range: string; verdict: string }[];
  /** Each radiator's flow, return and ΔT with its verdict, and each underfloor zone's flow, as dwellings.json has them. */
  radiators: DwellingRadiator[];
  underfloorZones: DwellingZone[];
  /** Its earlier reports, newest first: when, the result, and why another followed. */
  earlier: { completedAt: string; result: string; reason: string }[];
}

export interface EvidenceSummaryInput {
  site: { name: string; location: string };
  builtAt: string;
  builtBy: string;
  /** The rule book the verdicts come from, as the CSV and reports name it. */
  ruleBookVersion: string;
  /** The site's test pack, named on the cover; its ranges are listed with the checklist's. */
  testPack: TestPack;
  /** Every issue the flats' approved reports list, open or closed (test packs with an issues list). */
  issues: (PackIssue & { address: string })[];
  /** The site's network-wide issues, open and resolved, each applying to every flat. */
  networkIssues: SiteIssue[];
  ranges: Ranges;
  /** Each property type of the site's flats with the ranges its flats are judged by (its own values over the site's). */
  typeRanges: { type: string; ranges: Ranges }[];
  dashboard: SiteDashboard;
  flats: EvidenceFlat[];
  /** Flats whose PDF could not be built, with the reason. */
  missing: { address: string; reason: string }[];
  /** Sign-offs given on screen, each with its drawn signature and what it signed. */
  signOffs: PackSignOff[];
  /** Flats whose check the client or an assessor witnessed. */
  witnesses: { address: string; name: string; role: string; date: string }[];
  /** The site's sampling plan (docs/product.md#witnessing-and-sampling); absent in packs built without one. */
  sampling?: Pick<SamplingPlan, 'rate' | 'coverage'>;
  /** Each witnessed flat's newest witness record: the readings the assessor saw, as the rule book judged them. */
  witnessRecords?: Pick<WitnessRecord, 'address' | 'name' | 'date' | 'readings'>[];
  /** The SHA-256 of the pack's contents other than this summary (docs/product.md#evidence-pack), on the cover. */
  packSha256: string;
}

/** The readings an assessor looks at first, with the short names the flats table has room for. */
const KEY_READINGS = [
  { id: 'heatingPrimaryReturn', short: 'Heat. return' },
  { id: 'dhwPrimaryReturn', short: 'DHW return' },
  { id: 'dhwKitchenTap', short: 'Tap' },
] as const;
const REVIEW_LABELS = { approved: 'Approved', sent_back: 'Sent back', awaiting_review: 'Awaiting review' } as const;
const sectionTitle = (id: string) => SECTIONS.find((s) => s.id === id)?.title ?? id;

function heading(w: Writer, text: string) {
  w.ensure(60);
  w.lineAt(text, MARGIN.left, w.y - 16, CONTENT_WIDTH, { font: 'bold', size: 15, color: COLOURS.brand });
  w.y -= 24;
  w.hline(w.y, MARGIN.left, PAGE.width - MARGIN.right, COLOURS.brand, 0.8);
  w.gap(8);
}

/**
 * A table with a header row repeated on each page; widths are fractions of the content width. A cell too long
 * for its column wraps onto more lines (an address or a name is never cut).
 */
function table(w: Writer, columns: { title: string; width: number }[], rows: string[][], size = 8) {
  const style: TextStyle = { size };
  const head: TextStyle = { size, font: 'bold', color: COLOURS.muted };
  const lineHeight = w.lineHeight(style);
  const cellWidth = (j: number) => columns[j]!.width * CONTENT_WIDTH - 6;
  const drawRow = (cells: string[], textStyle: TextStyle, stripe: boolean) => {
    const lines = cells.map((cell, j) => (cell ? w.lines(cell, cellWidth(j), textStyle) : ['']));
    const height = Math.max(...lines.map((l) => l.length)) * lineHeight + 6;
    return {
      height,
      draw: () => {
        if (stripe) w.rect(MARGIN.left, w.y, CONTENT_WIDTH, height, { fill: COLOURS.stripe });
        let x = MARGIN.left;
        lines.forEach((cellLines, j) => {
          cellLines.forEach((line, k) =>
            w.lineAt(line, x + 3, w.y - lineHeight * (k + 1) - 2, cellWidth(j), textStyle),
          );
          x += columns[j]!.width * CONTENT_WIDTH;
        });
        w.y -= height;
      },
    };
  };
  const drawHead = () => {
    drawRow(
      columns.map((c) => c.title),
      head,
      false,
    ).draw();
    w.hline(w.y);
  };
  drawHead();
  rows.forEach((cells, i) => {
    const row = drawRow(cells, style, i % 2 === 1);
    if (w.y - row.height < MARGIN.bottom) {
      w.newPage();
      drawHead();
    }
    row.draw();
  });
  w.gap(14);
}

type Distribution = SiteDashboard['distributions'][number];

/**
 * A distribution as bars, the range shaded behind them, so an assessor reads the spread at a glance: one chart per
 * range the flats' property types hold them to, named by its types, so no flat is drawn against another's range.
 */
function histogram(w: Writer, d: Distribution, g: Distribution['groups'][number]) {
  const height = 90;
  w.ensure(height + 40);
  const types = d.groups.length > 1 ? ` (${g.types.join(', ') || 'no type'})` : '';
  const caption = `${d.label}${types}: ${g.count} ${g.count === 1 ? 'flat' : 'flats'}, ${inRangeText(g, d.unit)}${
    g.median === null ? '' : `, median ${g.median} ${d.unit}`
  }`;
  w.lineAt(caption, MARGIN.left, w.y - 10, CONTENT_WIDTH, { size: 9, font: 'bold' });
  w.y -= 16;
  const top = w.y;
  const bins = g.bins;
  if (bins.length === 0) {
    w.lineAt('No readings yet.', MARGIN.left, top - 12, CONTENT_WIDTH, {
      size: 9,
      font: 'oblique',
      color: COLOURS.muted,
    });
    w.y -= 24;
    return;
  }
  const lo = bins[0]!.from;
  const hi = bins.at(-1)!.to;
  const x = (v: number) => MARGIN.left + ((v - lo) / (hi - lo || 1)) * CONTENT_WIDTH;
  const min = g.range.min ?? lo;
  const max = g.range.max ?? hi;
  // A reading its types set no range for is drawn without a shaded range: nothing judges it.
  if (!isOpenRange(g.range))
    w.rect(x(Math.max(lo, min)), top, Math.max(1, x(Math.min(hi, max)) - x(Math.max(lo, min))), height, {
      fill: COLOURS.passTint,
    });
  const most = Math.max(...bins.map((b) => b.count), 1);
  for (const b of bins) {
    const h = (b.count / most) * (height - 12);
    const left = x(b.from) + 1;
    const width = Math.max(1, x(b.to) - x(b.from) - 2);
    if (h > 0) w.rect(left, top - height + h, width, h, { fill: COLOURS.brand });
    if (b.count > 0) w.lineAt(String(b.count), left, top - height + h + 2, width, { size: 7, color: COLOURS.muted });
  }
  w.hline(top - height);
  w.lineAt(`${lo} ${d.unit}`, MARGIN.left, top - height - 10, 80, { size: 7, color: COLOURS.muted });
  w.lineRight(`${hi} ${d.unit}`, PAGE.width - MARGIN.right, top - height - 10, { size: 7, color: COLOURS.muted });
  w.y = top - height - 22;
}

/**
 * The handover pack's summary.pdf: cover with the counts, every flat with its state and key
 * readings against the ranges, failure reasons, the distributions, the ranges and rule book used, and a
 * sign-off page for contractor, client and assessor.
 */
export async function buildEvidenceSummaryPdf(input: EvidenceSummaryInput): Promise<Uint8Array> {
  const w = await Writer.create();
  const d = input.dashboard;
  w.doc.setTitle(`Handover evidence - ${input.site.name}`);
  w.doc.setCreator('HIU Commissioning');
  w.doc.setProducer('HIU Commissioning');

  // Cover.
  w.rect(0, PAGE.height, PAGE.width, 92, { fill: COLOURS.brand });
  w.lineAt('HANDOVER EVIDENCE', MARGIN.left, PAGE.height - 44, CONTENT_WIDTH, {
    font: 'bold',
    size: 21,
    color: COLOURS.white,
  });
  w.lineAt(`${input.site.name} · ${input.site.location}`, MARGIN.left, PAGE.height - 64, CONTENT_WIDTH, {
    size: 11,
    color: COLOURS.onBrand,
  });
  w.y = PAGE.height - 120;
  const dates = input.flats
    .map((f) => f.latest?.completedAt)
    .filter((x): x is string => Boolean(x))
    .sort();
  const cover: [string, string][] = [
    ['Built', `${formatDateTime(input.builtAt)} by ${input.builtBy}`],
    ['Checks between', dates.length ? `${formatDate(dates[0]!)} and ${formatDate(dates.at(-1)!)}` : 'No checks yet'],
    ['Flats', String(d.flats)],
    ...Object.entries(d.states).map(([s, n]) => [FLAT_STATE_LABELS[s as FlatState], String(n)] as [string, string]),
    ['Reports', `${d.reports} (${d.retests} re-tests)`],
    [
      'First-time pass rate',
      d.firstTimePassRate === null
        ? 'No checks yet'
        : `${Math.round(d.firstTimePassRate * 100)} % of ${d.flatsTested} flats tested`,
    ],
    ['Test pack', testPackName(input.testPack)],
    ['Open issues', String(input.issues.filter((i) => !i.resolved).length)],
    ['Open network-wide issues', String(input.networkIssues.filter((i) => !i.resolved).length)],
    ['Rule book', input.ruleBookVersion],
    ['PDFs that could not be built', input.missing.length ? String(input.missing.length) : 'None'],
  ];
  for (const [k, v] of cover) {
    w.lineAt(k, MARGIN.left, w.y - 12, 180, { size: 10.5, color: COLOURS.muted });
    w.lineAt(v, MARGIN.left + 190, w.y - 12, CONTENT_WIDTH - 190, { size: 10.5, font: 'bold' });
    w.y -= 20;
  }
  // The hash binds this summary to the files beside it: manifest.json lists each file's own.
  w.lineAt(
    'Pack SHA-256 (every file of the pack but this summary and the manifest)',
    MARGIN.left,
    w.y - 12,
    CONTENT_WIDTH,
    {
      size: 10.5,
      color: COLOURS.muted,
    },
  );
  w.y -= 18;
  w.lineAt(input.packSha256, MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10, font: 'bold' });
  w.y -= 20;
  w.gap(10);
  if (input.missing.length) {
    heading(w, 'Reports missing from this pack');
    table(
      w,
      [
        { title: 'Flat', width: 0.4 },
        { title: 'Reason', width: 0.6 },
      ],
      input.missing.map((m) => [m.address, m.reason]),
    );
  }

  // Every flat.
  w.newPage();
  heading(w, 'Every flat');
  // A reading's range heads its column when every type shares it; otherwise each type's is under Design ranges.
  const readingCols = KEY_READINGS.map((k) => {
    const own = new Set(input.typeRanges.map((t) => formatRange(t.ranges[k.id])));
    const range = own.size > 1 ? 'by type' : formatRange((input.typeRanges[0]?.ranges ?? input.ranges)[k.id]);
    return { title: `${k.short} ${range}` };
  });
  table(
    w,
    [
      { title: 'Flat', width: 0.16 },
      { title: 'Block / floor', width: 0.08 },
      { title: 'Type', width: 0.06 },
      { title: 'State', width: 0.08 },
      { title: 'Review', width: 0.08 },
      { title: 'Date', width: 0.1 },
      { title: 'Engineer', width: 0.09 },
      { title: 'Reviewer', width: 0.09 },
      ...readingCols.map((c) => ({ ...c, width: 0.06 })),
      { title: 'Earlier', width: 0.07 },
    ],
    input.flats.map((f) => [
      f.address,
      [f.block, f.floor].filter(Boolean).join(' / '),
      f.type,
      FLAT_STATE_LABELS[f.state],
      f.review ? REVIEW_LABELS[f.review] : '',
      f.latest ? formatDate(f.latest.completedAt) : '',
      f.latest?.engineerName ?? '',
      f.latest?.reviewerName ?? '',
      ...KEY_READINGS.map((k) => f.latest?.readings[k.id] ?? ''),
      String(f.earlierAttempts),
    ]),
    7,
  );

  // Each flat's own story: why it failed, the pack's key readings against their ranges, the attempts before.
  const told = input.flats.filter(
    (f) =>
      f.failureReasons.length ||
      f.packReadings.length ||
      f.radiators.length ||
      f.underfloorZones.length ||
      f.earlier.length,
  );
  if (told.length) {
    heading(w, 'Flat by flat');
    table(
      w,
      [
        { title: 'Flat', width: 0.2 },
        { title: 'Failure reasons', width: 0.22 },
        { title: 'Key pack readings against their ranges', width: 0.34 },
        { title: 'Earlier attempts', width: 0.24 },
      ],
      told.map((f) => [
        f.address,
        f.failureReasons.join('\n') || (f.latest ? 'None' : ''),
        f.packReadings
          .map(
            (r) =>
              `${r.label}: ${r.value === null ? 'not entered' : `${r.value} ${r.unit}`.trim()} (${r.range} ${r.unit})${
                r.verdict === 'pass' ? ' PASS' : r.verdict === 'fail' ? ' FAIL' : ''
              }`,
          )
          .concat(
            f.radiators.map(
              (r) =>
                `${radiatorReadingText(r)} (${RADIATOR_RULE_TEXT})${
                  r.verdict === 'pass' ? ' PASS' : r.verdict === 'fail' ? ' FAIL' : ''
                }`,
            ),
            f.underfloorZones.map((z) => `${zoneReadingText(z)} (recorded)`),
          )
          .join('\n'),
        f.earlier.map((e) => `${formatDate(e.completedAt)} ${e.result}: ${e.reason}`).join('\n') || 'None',
      ]),
      7.5,
    );
  }

  // The asset register: what is installed in each flat, as its approved report recorded it.
  heading(w, 'Asset register');
  table(
    w,
    [
      { title: 'Flat', width: 0.28 },
      { title: 'HIU model', width: 0.18 },
      { title: 'HIU serial', width: 0.18 },
      { title: 'Heat meter', width: 0.18 },
      { title: 'Heat meter serial', width: 0.18 },
    ],
    input.flats.map((f) => [
      f.address,
      f.assets?.hiuModel || '-',
      f.assets?.hiuSerial || '-',
      f.assets?.meter || '-',
      f.assets?.meterSerial || '-',
    ]),
    8,
  );

  heading(w, 'Failure reasons');
  if (d.failureReasons.length === 0) {
    w.lineAt('No failures recorded.', MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10 });
    w.y -= 24;
  } else
    table(
      w,
      [
        { title: 'Reason', width: 0.85 },
        { title: 'Reports', width: 0.15 },
      ],
      d.failureReasons.map((r) => [r.reason, String(r.count)]),
      9,
    );

  w.newPage();
  heading(w, 'Distributions across the flats (latest report of each)');
  for (const dist of d.distributions) for (const group of dist.groups) histogram(w, dist, group);

  heading(w, 'Design ranges used');
  designRanges(w, input);

  heading(w, 'Issues');
  drawNetworkIssues(w, input.networkIssues);
  if (input.issues.length === 0) {
    w.lineAt('No issue was recorded.', MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10 });
    w.y -= 24;
  } else
    table(
      w,
      [
        // The issue keeps the width it had before the closing column: a sentence of it reads on one line.
        { title: 'Flat', width: 0.17 },
        { title: 'Issue', width: 0.36 },
        { title: 'Who acts', width: 0.1 },
        { title: 'Due', width: 0.1 },
        { title: 'State', width: 0.07 },
        { title: 'Closed: how, by whom, when', width: 0.2 },
      ],
      input.issues.map((i) => [
        i.address,
        i.description,
        ISSUE_OWNER_LABELS[i.owner],
        i.due ? formatDate(i.due) : '-',
        i.resolved ? 'Closed' : 'OPEN',
        i.resolved ? closedText(i) : '-',
      ]),
      8,
    );

  heading(w, 'Witnessed sample');
  if (input.witnesses.length === 0) {
    w.lineAt('No flat was marked as witnessed.', MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10 });
    w.y -= 24;
  } else
    table(
      w,
      [
        { title: 'Flat', width: 0.4 },
        { title: 'Witnessed by', width: 0.3 },
        { title: 'As', width: 0.15 },
        { title: 'On', width: 0.15 },
      ],
      input.witnesses.map((x) => [x.address, x.name, roleLabel(x.role), formatDate(x.date)]),
      9,
    );
  if (input.sampling) {
    w.lineAt(samplingCoverageText(input.sampling), MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10 });
    w.y -= 24;
  }
  for (const record of input.witnessRecords ?? []) {
    if (!record.readings.length) continue;
    w.ensure(60);
    const title = `${record.address}: readings seen by ${record.name} on ${formatDate(record.date)}`;
    w.lineAt(title, MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10, font: 'bold' });
    w.y -= 18;
    table(
      w,
      [
        { title: 'Reading', width: 0.45 },
        { title: 'Seen', width: 0.2 },
        { title: 'Range', width: 0.2 },
        { title: 'Verdict', width: 0.15 },
      ],
      record.readings.map((r) => [
        r.label,
        `${r.value ?? ''} ${r.unit}`.trim(),
        r.range ? `${formatRange(r.range)} ${r.unit}`.trim() : '-',
        r.verdict === 'fail' ? 'FAIL' : r.verdict === 'pass' ? 'PASS' : '-',
      ]),
      8,
    );
  }

  // Sign-off: the statement, then each party's box, filled by a sign-off given on screen or left for paper.
  w.newPage();
  heading(w, 'Sign-off');
  await signOffPage(w, input.signOffs);

  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    const style: TextStyle = { size: 8, color: COLOURS.muted };
    w.hline(MARGIN.bottom - 18);
    w.lineAt(`${input.site.name} · handover evidence`, MARGIN.left, MARGIN.bottom - 30, CONTENT_WIDTH - 80, style);
    w.lineRight(`Page ${i + 1} of ${total}`, PAGE.width - MARGIN.right, MARGIN.bottom - 30, style);
  });
  return w.doc.save();
}

/**
 * Every range the flats were judged against: the checklist's, then the test pack's own (keep-warm, peak returns,
 * design flow...), the site's values and beside them each property type whose values differ from the site's.
 */
function designRanges(w: Writer, input: EvidenceSummaryInput) {
  const rangeOf = (ranges: Ranges, id: string) => (ranges as Record<string, Ranges[keyof Ranges] | undefined>)[id];
  // A pack reading is listed when the site or any of its types sets its range (a design flow set per type only).
  const readings = [
    ...MEASUREMENTS.filter((m) => 'range' in m),
    ...packMeasurements(input.testPack).filter((m) =>
      [input.ranges, ...input.typeRanges.map((t) => t.ranges)].some((r) => rangeOf(r, m.id)),
    ),
  ];
  const text = (ranges: Ranges, m: (typeof readings)[number]) => {
    const range = rangeOf(ranges, m.id);
    return range ? `${formatRange(range)} ${m.unit}` : 'not set';
  };
  const own = input.typeRanges.filter((t) => readings.some((m) => text(t.ranges, m) !== text(input.ranges, m)));
  const share = own.length ? 0.4 / (own.length + 1) : 0.4;
  table(
    w,
    [
      { title: 'Reading', width: 0.6 },
      { title: own.length ? 'Site' : 'Range', width: share },
      ...own.map((t) => ({ title: t.type, width: share })),
    ],
    readings.map((m) => [
      `${sectionTitle(m.section)}: ${m.label}`,
      text(input.ranges, m),
      // A type's cell shows only what differs from the site's, so its own limits stand out.
      ...own.map((t) => (text(t.ranges, m) === text(input.ranges, m) ? 'as site' : text(t.ranges, m))),
    ]),
    own.length > 2 ? 7.5 : 9,
  );
  const same = input.typeRanges.filter((t) => !own.includes(t)).map((t) => t.type);
  if (own.length && same.length) {
    w.lineAt(`${same.join(', ')}: as the site.`, MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 9 });
    w.y -= 20;
  } else if (!own.length && input.typeRanges.length) {
    w.lineAt("Every property type is judged by the site's ranges.", MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 9 });
    w.y -= 20;
  }
}

/**
 * The site's network-wide issues (docs/product.md#network-wide-issues), ahead of the flats' own: what, who acts,
 * by when, open or closed, and for a closed one how it was put right, who closed it and when.
 */
function drawNetworkIssues(w: Writer, issues: readonly SiteIssue[]) {
  if (issues.length === 0) {
    w.lineAt('No network-wide issue was raised.', MARGIN.left, w.y - 12, CONTENT_WIDTH, { size: 10 });
    w.y -= 24;
    return;
  }
  table(
    w,
    [
      { title: 'Network-wide issue', width: 0.3 },
      { title: 'Who acts', width: 0.12 },
      { title: 'Due', width: 0.11 },
      { title: 'State', width: 0.09 },
      { title: 'Closed: how, by whom, when', width: 0.38 },
    ],
    issues.map((i) => [
      `${i.description} (${APPLIES_TO_EVERY_FLAT.toLowerCase()})`,
      ISSUE_OWNER_LABELS[i.owner],
      formatDate(i.due),
      i.resolved ? 'Closed' : 'OPEN',
      i.resolved ? closedText(i) : '-',
    ]),
    8,
  );
}

/** How a closed issue was put right, then who closed it and when: "Lagging fitted (Eddie Engineer, 02/03/2026 10:00)". */
function closedText(i: {
  closingComment?: string | null | undefined;
  closedBy?: string | null | undefined;
  closedAt?: string | null | undefined;
}) {
  const who = [i.closedBy ?? 'Unknown', i.closedAt ? formatDateTime(i.closedAt) : ''].filter(Boolean).join(', ');
  return [i.closingComment ?? '', `(${who})`].filter(Boolean).join(' ');
}
