import { isoDay } from '../format/dates.js';

/** The daily digest of flats due tomorrow or overdue goes from this hour, London time. */
export const DUE_DIGEST_HOUR = 7;

const londonHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Which digests are due at `now` (docs/product.md#notifications): today's digest of flats due tomorrow or overdue,
 * from 07:00 in London (null before), and the review digest of the hour that has just ended, named by its start.
 */
export function digestPeriods(now: Date): { dueDay: string | null; reviewHourStart: string } {
  const hour = Number(londonHour.format(now));
  const hourStart = new Date(now);
  hourStart.setUTCMinutes(0, 0, 0);
  hourStart.setUTCHours(hourStart.getUTCHours() - 1);
  return { dueDay: hour >= DUE_DIGEST_HOUR ? isoDay(now) : null, reviewHourStart: hourStart.toISOString() };
}

/** A flat waiting for the office needs nothing from the engineer (docs/product.md#my-flats). */
export const needsEngineer = (flat: { reviewState: string | null }) => flat.reviewState !== 'awaiting_review';
