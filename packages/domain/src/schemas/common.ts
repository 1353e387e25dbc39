import { z } from 'zod';
import { isDecimalOrEmpty } from '../numbers.js';
import { NOTES_MAX } from '../notes.js';

/** A measurement as typed: "" means not entered; anything else must be a decimal (ruling 3). */
export const decimalString = z.string().max(32).refine(isDecimalOrEmpty, { message: 'Must be a number' });

export const shortText = (max = 200) => z.string().trim().max(max);
export const uuid = z.uuid();

/** A check's notes, on its report and on its draft. */
export const notesText = z.string().max(NOTES_MAX).default('');
export const yesNo = z.boolean().nullable();
