import { formatDate, formatDateTime, roleLabel } from '@hiu/domain';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, type Writer } from './layout.js';

/** A sign-off given on screen, with what it signed compared with this pack. */
export interface PackSignOff {
  name: string;
  role: string;
  comment: string;
  signedAt: string;
  /** The drawn signature (PNG). */
  signature: Uint8Array;
  /** Why it was signed while reports awaited review, printed under it; null when none did. */
  exception?: string | null;
  /** Null for a sign-off made before sign-offs recorded what they signed. */
  coverage: {
    /** The built pack it signed (decision 256): its SHA-256 and build date; null on sign-offs made before. */
    pack?: { sha256: string; builtAt: string } | null;
    /** Flats with an approved report it signed, and the site's flats then. */
    signedFlats: number;
    totalFlats: number;
    /** SHA-256 of the approved reports it signed. */
    digest: string;
    /** Flats with an approved report in this pack. */
    packFlats: number;
    /** This pack's flats it did not sign: approved since, or approved again at another report or revision. */
    notCovered: string[];
  } | null;
}

const BOXES = [
  { title: 'Commissioning contractor', roles: ['supervisor', 'admin'] },
  { title: 'Client', roles: ['client'] },
  { title: 'Heat network assessor', roles: ['assessor'] },
];
const plural = (n: number) => `${n} flat${n === 1 ? '' : 's'}`;

/** What a sign-off signed, in words an assessor checks against the pack. */
export function coverageWords(s: PackSignOff): string[] {
  const c = s.coverage;
  if (!c) return ['Signed before sign-offs recorded what they signed: it may not cover this pack.'];
  if (c.pack) {
    // It signed one built pack: named by the short hash its ZIP and cover carry, and its build date.
    const covers = `Covers pack ${c.pack.sha256.slice(0, 8)} of ${formatDate(c.pack.builtAt)}: ${plural(c.signedFlats)} with an approved report, of ${c.totalFlats}.`;
    if (c.notCovered.length === 0 && c.signedFlats === c.packFlats) return [covers, 'Covers every flat in this pack.'];
    return [
      covers,
      ...(c.notCovered.length
        ? [`Not covered (new in this pack, or changed since): ${c.notCovered.join('; ')}.`]
        : [`This pack holds ${plural(c.packFlats)} with an approved report.`]),
    ];
  }
  const signed = `Signed ${c.signedFlats} of ${plural(c.totalFlats)} with an approved report (SHA-256 ${c.digest.slice(0, 16)}).`;
  if (c.notCovered.length === 0 && c.signedFlats === c.packFlats) return [signed, 'Covers every flat in this pack.'];
  return [
    signed,
    `The site has changed since: signed at ${plural(c.signedFlats)}; the pack holds ${c.packFlats}.`,
    ...(c.notCovered.length ? [`Not covered: ${c.notCovered.join('; ')}.`] : []),
  ];
}

/**
 * The sign-off page: the statement, then a box for each party. A sign-off given on screen fills its party's box
 * (name, role, date, drawn signature, what it signed); a party nobody signed for keeps a blank box for paper.
 */
export async function signOffPage(w: Writer, signOffs: readonly PackSignOff[]) {
  w.paragraph(
    'We confirm that the heat interface units of this site were commissioned and checked as this pack records.',
    { size: 10.5 },
  );
  w.gap(12);
  const field = (label: string, value: string) => {
    w.lineAt(label, MARGIN.left, w.y - 12, 80, { size: 10, color: COLOURS.muted });
    // A blank field is a line to write on; a filled one wraps, never cut.
    const lines = value ? w.lines(value, CONTENT_WIDTH - 84, { size: 10 }) : [];
    if (lines.length === 0) w.hline(w.y - 16, MARGIN.left + 80, PAGE.width - MARGIN.right);
    for (const [i, line] of lines.entries())
      w.lineAt(line, MARGIN.left + 84, w.y - 12 - i * 13, CONTENT_WIDTH - 84, { size: 10 });
    w.y -= Math.max(24, lines.length * 13 + 8);
  };
  for (const box of BOXES) {
    const mine = signOffs.filter((s) => box.roles.includes(s.role));
    for (const s of mine.length ? mine : [null]) {
      w.ensure(190);
      w.lineAt(box.title, MARGIN.left, w.y - 12, CONTENT_WIDTH, { font: 'bold', size: 11.5 });
      w.y -= 22;
      field('Name', s?.name ?? '');
      // As the app names it (Client, Supervisor), not as it is stored.
      field('Role', s ? roleLabel(s.role) : '');
      field('Date', s ? formatDateTime(s.signedAt) : '');
      w.lineAt('Signature', MARGIN.left, w.y - 12, 80, { size: 10, color: COLOURS.muted });
      w.rect(MARGIN.left + 80, w.y, 240, 60, { border: COLOURS.rule });
      if (s)
        try {
          const img = await w.doc.embedPng(s.signature);
          const scale = Math.min(232 / img.width, 52 / img.height, 1);
          w.page.drawImage(img, {
            x: MARGIN.left + 84,
            y: w.y - 4 - img.height * scale,
            width: img.width * scale,
            height: img.height * scale,
          });
        } catch {
          w.lineAt('Signature not readable', MARGIN.left + 84, w.y - 16, 230, { size: 9, font: 'oblique' });
        }
      w.y -= 70;
      if (s) {
        if (s.comment) field('Comment', s.comment);
        if (s.exception) field('Exception', `Signed while reports awaited review: ${s.exception}`);
        for (const line of coverageWords(s)) w.paragraph(line, { size: 9.5 }, MARGIN.left + 80, CONTENT_WIDTH - 80);
      }
      w.gap(14);
    }
  }
}
