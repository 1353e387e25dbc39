// What step 4 still needs, and what the server refuses of it (docs/product.md#steps): a room, or the whole step,
// marked not applicable says why, so a report never leaves a radiator unexplained.
import { parseDecimal } from '../numbers.js';
import type { RoomCheck } from '../schemas/wizard-data.js';

/** Step 4's data as these rules read it: a stored report's, or the phone's. */
export interface RadiatorsData {
  roomChecks: Record<string, Pick<RoomCheck, 'valveSetting' | 'notApplicable' | 'notApplicableReason'>>;
  notApplicable?: boolean | undefined;
  notApplicableReason?: string | undefined;
}

export const STEP_REASON_MESSAGE = 'Say why this step is not applicable';
export const roomReasonMessage = (room: string) => `Say why ${room} is not applicable`;
/** Next's words for a step with no rooms that is not marked not applicable: the label of step 4's room box. */
export const NO_ROOMS_MISSING = 'Add a room';
/** Next's words for the step's reason: the label of its box. */
export const STEP_REASON_LABEL = 'Why the step is not applicable';
/** Next's words for a room's reason: the label of its box. */
export const roomReasonLabel = (room: string) => `Why ${room} is not applicable`;

/** How a report prints a room or step not applicable: "Not applicable: towel rail only, no valve" */
export const notApplicableText = (reason: string | undefined) =>
  reason?.trim() ? `Not applicable: ${reason.trim()}` : 'Not applicable';

const blank = (text: string | undefined) => (text ?? '').trim() === '';

/** Whether the engineer marked the whole step not applicable. */
export const stepNotApplicable = (r: Pick<RadiatorsData, 'notApplicable'>) => r.notApplicable === true;

/** A reason the engineer must still give, with its path under the check's data. */
export interface ReasonProblem {
  path: string;
  message: string;
}

/** The reasons step 4 lacks: the server refuses a report with any (422 naming each field). */
export function radiatorReasonProblems(r: RadiatorsData): ReasonProblem[] {
  if (stepNotApplicable(r))
    return blank(r.notApplicableReason)
      ? [{ path: 'radiators.notApplicableReason', message: STEP_REASON_MESSAGE }]
      : [];
  return Object.entries(r.roomChecks)
    .filter(([, check]) => check.notApplicable === true && blank(check.notApplicableReason))
    .map(([room]) => ({ path: `radiators.roomChecks.${room}.notApplicableReason`, message: roomReasonMessage(room) }));
}

/**
 * What stops Next on step 4, in screen order: each room with no setting (by its name), each not-applicable room
 * without its reason, the step's own reason, or, with no rooms at all, the rooms or the step marked not
 * applicable.
 */
export function radiatorsMissing(r: RadiatorsData): string[] {
  if (stepNotApplicable(r)) return blank(r.notApplicableReason) ? [STEP_REASON_LABEL] : [];
  const rooms = Object.entries(r.roomChecks);
  if (rooms.length === 0) return [NO_ROOMS_MISSING];
  return rooms.flatMap(([room, check]) => {
    if (check.notApplicable) return blank(check.notApplicableReason) ? [roomReasonLabel(room)] : [];
    return parseDecimal(check.valveSetting) === null ? [room] : [];
  });
}

export const ROOM_NAME_MAX = 80;

/** What is wrong with a room name the engineer adds, or null when it can be added. */
export function roomNameProblem(existing: readonly string[], name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return "Enter the room's name";
  if (trimmed.length > ROOM_NAME_MAX) return `A room's name is at most ${ROOM_NAME_MAX} characters`;
  const same = existing.find((room) => room.trim().toLowerCase() === trimmed.toLowerCase());
  return same ? `This flat already has a room called ${same}` : null;
}
