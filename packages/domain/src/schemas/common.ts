import { z } from 'zod';
import { isDecimalOrEmpty } from '../numbers.js';
import { NOTES_MAX } from '../notes.js';

/** A measurement as typed: "" means not entered; anything else must be a decimal. */
export const decimalString = z.string().max(32).refine(isDecimalOrEmpty, { message: 'Must be a number' });

export const shortText = (max = 200) => z.string().trim().max(max);
export const uuid = z.uuid();

/** A check's notes, on its report and on its draft. */
export const notesText = z.string().max(NOTES_MAX).default('');
export const yesNo = z.boolean().nullable();

/**
 * The first and last day a date the API takes may fall on. Nothing of this work happened before
 * 2000 or is due after 2100: a year 1 or 9999 is a slip of the keyboard or a phone's reset clock.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';

const outsideWindow = (label: string) => `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`;

/** Whether a YYYY-MM-DD date, or the day an ISO 8601 time is written on, lies within the window. */
export const withinDateWindow = (dateOrTime: string): boolean => {
  const day = dateOrTime.slice(0, 10);
  return day >= EARLIEST_DATE && day <= LATEST_DATE;
};

/** A calendar date the API takes (a due date, a witness date, a filter's day): YYYY-MM-DD within the window. */
export const calendarDate = (label: string) =>
  z.iso.date({ message: 'Use a date as YYYY-MM-DD' }).refine(withinDateWindow, { message: outsideWindow(label) });

/** A moment the API takes: ISO 8601 with its offset, written on a day within the window. */
export const instantInWindow = (label: string) =>
  z.iso.datetime({ offset: true }).refine(withinDateWindow, { message: outsideWindow(label) });

/** Why a time kept as free text (a check's start time) is refused: it reads as a time outside the window. */
export function timeOutsideWindow(label: string, text: string): string | null {
  const at = Date.parse(text);
  if (!text || Number.isNaN(at)) return null;
  return withinDateWindow(new Date(at).toISOString()) ? null : outsideWindow(label);
}
