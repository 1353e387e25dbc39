import { STEPS } from '../steps.js';
import type { SubmitLocation, WizardData } from '../schemas/wizard-data.js';
import { formatDateTime } from './dates.js';

/** The steps the engineer completed, in step order, with when (the last time they completed each). */
export function stepStamps(data: WizardData): { number: number; name: string; at: string }[] {
  return STEPS.flatMap((s) => {
    const at = data.stepCompletedAt[s.slug];
    return at ? [{ number: s.number, name: s.name, at }] : [];
  });
}

/** "1 Basic Information 22/11/2026, 08:01; 2 Initial Checks 22/11/2026, 08:09" for one CSV cell. */
export function stepStampsText(data: WizardData): string {
  return stepStamps(data)
    .map((s) => `${s.number} ${s.name} ${formatDateTime(s.at)}`)
    .join('; ');
}

/** "51.50740, -0.12780 (±12 m) at 22/11/2026, 08:15"; "Not recorded" when the engineer did not allow it. */
export function formatLocation(location: SubmitLocation | null | undefined): string {
  if (!location) return 'Not recorded';
  const { latitude, longitude, accuracy, at } = location;
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)} (±${Math.round(accuracy)} m) at ${formatDateTime(at)}`;
}
