import { STEPS } from '../steps.js';
import type { WizardData } from '../schemas/wizard-data.js';

/** How far a phone's clock may be from the server's either way (clocks drift; a few minutes is normal). */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** How long before the server first had a check's draft the check may have begun (started without signal). */
export const DRAFT_HEAD_START_MS = 24 * 3600_000;
/** Evidence stamps may be this much later than completedAt (rounding, a slow tap on Submit). */
export const EVIDENCE_SLACK_MS = 60_000;

/** What a report's times are judged against; a bound that is unknown (null) is not applied. */
export interface TimeBounds {
  /** The server's time now. */
  now: Date;
  /** When the report's site was created. */
  siteCreatedAt: Date | null;
  /** When the server first had the check's draft. */
  draftCreatedAt: Date | null;
}

/** The times a report carries, by the field path an error names, with what the engineer calls each. */
function reportTimes(data: WizardData, completedAt: string): { field: string; label: string; at: string }[] {
  const times = [
    { field: 'completedAt', label: 'Completion time', at: completedAt },
    { field: 'wizardData.startTime', label: 'Start time', at: data.startTime },
    {
      field: 'wizardData.dhwChecks.fortyFiveStartedAt',
      label: '45 °C test start',
      at: data.dhwChecks.fortyFiveStartedAt,
    },
    { field: 'wizardData.submitLocation.at', label: 'Location time', at: data.submitLocation?.at ?? '' },
  ];
  for (const step of STEPS) {
    const at = data.stepCompletedAt[step.slug];
    if (at) times.push({ field: `wizardData.stepCompletedAt.${step.slug}`, label: `${step.name} completion time`, at });
  }
  return times.filter((t) => t.at);
}

/**
 * The report's times no check can have: later than a few minutes from now, before the site
 * existed, or more than a day before the server first had the draft. Field path to message; empty when
 * every time is plausible. Unreadable times are left to the schema.
 */
export function implausibleTimes(data: WizardData, completedAt: string, bounds: TimeBounds): Record<string, string> {
  const fields: Record<string, string> = {};
  const latest = bounds.now.getTime() + CLOCK_SKEW_MS;
  const siteFloor = bounds.siteCreatedAt ? bounds.siteCreatedAt.getTime() - CLOCK_SKEW_MS : -Infinity;
  const draftFloor = bounds.draftCreatedAt ? bounds.draftCreatedAt.getTime() - DRAFT_HEAD_START_MS : -Infinity;
  for (const { field, label, at } of reportTimes(data, completedAt)) {
    const t = Date.parse(at);
    if (Number.isNaN(t)) continue;
    if (t > latest) fields[field] = `${label} is in the future: check the phone's date and time`;
    else if (t < siteFloor) fields[field] = `${label} is before the site was created: check the phone's date and time`;
    else if (t < draftFloor)
      fields[field] =
        `${label} is more than a day before the check's draft was first saved: check the phone's date and time`;
  }
  return fields;
}
