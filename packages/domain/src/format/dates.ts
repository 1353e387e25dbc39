/** Reports are read in the UK: dates show in en-GB on London time, whatever the device or server zone. */
const TIME_ZONE = 'Europe/London';

const dateFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

function toDate(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 22/11/2026 */
export function formatDate(iso: string | Date | null | undefined): string {
  const d = toDate(iso);
  return d ? dateFmt.format(d) : '';
}

/** 22/11/2026, 14:05 */
export function formatDateTime(iso: string | Date | null | undefined): string {
  const d = toDate(iso);
  return d ? `${dateFmt.format(d)}, ${timeFmt.format(d)}` : '';
}

/** Duration between two instants as "Xh Ym" or "Ym" (docs/product.md#numbers); empty when either is missing. */
export function formatDuration(startIso: string | null | undefined, endIso: string | null | undefined): string {
  const start = toDate(startIso);
  const end = toDate(endIso);
  if (!start || !end) return '';
  const minutes = Math.max(0, Math.floor((end.getTime() - start.getTime()) / 60000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

// Made once: a formatter with a time zone costs far more to make than to use (every report in a list is named).
const dayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD in London, for file names. */
export function isoDay(at: Date): string {
  return dayFmt.format(at);
}
