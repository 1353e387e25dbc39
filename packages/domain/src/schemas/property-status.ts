import { z } from 'zod';
import { PROPERTY_STATUSES } from '../format/property-status.js';

/** Where a property stands on its site (`PROPERTY_STATUSES` says what each means). */
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES);
