// Its own module, so only the screens that say "saved 5 minutes ago" carry it.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];
let relativeFmt: Intl.RelativeTimeFormat | undefined;

/**
 * How long ago, in words: "less than a minute ago", "5 minutes ago", "1 hour ago", "in 2 minutes" (a clock
 * ahead). Empty when the instant is missing. The browser's own wording: no date library on the first screens.
 */
export function formatTimeAgo(iso: string | Date | null | undefined, now: Date = new Date()): string {
  const d = iso instanceof Date ? iso : new Date(iso ?? NaN);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = (d.getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 60) return 'less than a minute ago';
  let [unit, size] = UNITS[0]!;
  for (const [u, s] of UNITS) if (Math.abs(seconds) >= s) [unit, size] = [u, s];
  relativeFmt ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });
  return relativeFmt.format(Math.trunc(seconds / size), unit);
}
