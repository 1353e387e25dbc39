import { STEPS } from '../steps.js';
import { PHOTOS_PER_CHECK } from '../images/limits.js';
import type { Photo, WizardData } from '../schemas/wizard-data.js';

export { DRAFT_VERSION_MAX } from './draft-version.js';

/** What two copies of one draft are merged from: the step it is at and its data. */
export interface DraftCopy {
  currentStep: string;
  wizardData: WizardData;
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value that records something: not an empty text, not an unanswered yes/no. */
export const isRecorded = (v: unknown): boolean => v !== '' && v !== null && v !== undefined;

const NO_BASE = Symbol('no base');

/**
 * Objects field by field. A field the device changed since the base (the copy the server last had from it)
 * takes the device's value; one it did not change takes the server's, which may be newer. Either way a
 * field recorded on one side only keeps that recording. With no base every recorded device value counts as
 * changed.
 */
function mergeValue(server: unknown, device: unknown, base: unknown): unknown {
  if (isPlain(server) && isPlain(device)) {
    const out: Plain = {};
    const under = isPlain(base) ? base : base === NO_BASE ? NO_BASE : {};
    // The device's order first (rooms are kept in the order the engineer walks them), then the server's.
    for (const key of new Set([...Object.keys(device), ...Object.keys(server)])) {
      out[key] = mergeValue(server[key], device[key], under === NO_BASE ? NO_BASE : under[key]);
    }
    return out;
  }
  const changed = base === NO_BASE || JSON.stringify(device) !== JSON.stringify(base);
  if (changed && isRecorded(device)) return device;
  if (isRecorded(server)) return server;
  return isRecorded(device) ? device : server;
}

/** Every photo of either copy, by id (the device's label where it has one), up to the most a check holds. */
function mergePhotos(server: Photo[], device: Photo[]): Photo[] {
  const byId = new Map(server.map((p) => [p.id.toLowerCase(), p]));
  const merged = device.map((p) => {
    const theirs = byId.get(p.id.toLowerCase());
    return theirs && !p.label ? { ...p, label: theirs.label } : p;
  });
  const mine = new Set(device.map((p) => p.id.toLowerCase()));
  for (const p of server) if (!mine.has(p.id.toLowerCase())) merged.push(p);
  return merged.slice(0, PHOTOS_PER_CHECK);
}

const time = (iso: string | undefined) => (iso ? Date.parse(iso) : NaN);

/** The earlier of two instants (the check began at the first), ignoring an empty or unreadable one. */
function earlier(server: string, device: string): string {
  const s = time(server);
  const d = time(device);
  if (Number.isNaN(s)) return device || server;
  if (Number.isNaN(d)) return server;
  return s < d ? server : device;
}

/** The later of two instants (evidence of the last time a step was completed). */
function later(server: string | undefined, device: string | undefined): string | undefined {
  const s = time(server);
  const d = time(device);
  if (Number.isNaN(s)) return device ?? server;
  if (Number.isNaN(d)) return server;
  return s > d ? server : device;
}

/**
 * The server's and the device's copies of one check combined so that no reading of either is lost
 *: field by field what the device changed since `base` (the copy the server last had from
 * it; without one, every value it recorded) over the server's, and the server's where the device has
 * nothing; photos of both; the check's start as the earlier and each step's completion as the later.
 */
export function mergeWizardData(server: WizardData, device: WizardData, base?: WizardData): WizardData {
  const merged = mergeValue(server, device, base ?? NO_BASE) as WizardData;
  merged.startTime = earlier(server.startTime, device.startTime);
  merged.photosSignature.photos = mergePhotos(server.photosSignature.photos, device.photosSignature.photos);
  const stamps: WizardData['stepCompletedAt'] = {};
  const slugs = new Set([...Object.keys(device.stepCompletedAt), ...Object.keys(server.stepCompletedAt)]);
  for (const slug of slugs as Set<keyof WizardData['stepCompletedAt']>) {
    const at = later(server.stepCompletedAt[slug], device.stepCompletedAt[slug]);
    if (at) stamps[slug] = at;
  }
  merged.stepCompletedAt = stamps;
  return merged;
}

/** Position of a step name in the check; an unknown name counts as before the first. */
export const stepIndex = (name: string): number => STEPS.findIndex((s) => s.name === name);

/** The two copies merged (mergeWizardData), at the furthest step either reached. */
export function mergeDrafts(server: DraftCopy, device: DraftCopy, base?: WizardData): DraftCopy {
  const currentStep =
    stepIndex(server.currentStep) > stepIndex(device.currentStep) ? server.currentStep : device.currentStep;
  return { currentStep, wizardData: mergeWizardData(server.wizardData, device.wizardData, base) };
}
