import { z } from 'zod';
import { isDecimalOrEmpty } from '../numbers.js';

/** A measurement as typed: "" means not entered; anything else must be a decimal (ruling 3). */
export const decimalString = z.string().max(32).refine(isDecimalOrEmpty, { message: 'Must be a number' });

export const shortText = (max = 200) => z.string().trim().max(max);
export const uuid = z.uuid();
export const yesNo = z.boolean().nullable();
