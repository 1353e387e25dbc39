import { emptyWizardData, type WizardData } from '@hiu/domain';
import type { WizardState } from './wizard-state-schema';

export type { WizardState };
export type FlowStatus = WizardState['flowStatus'];
export type SubmissionStatus = NonNullable<WizardState['submission']>['status'];

export function initialWizardState(ownerId?: string, now = new Date()): WizardState {
  return {
    ownerId,
    flowStatus: 'active',
    failureReasons: [],
    wizardData: emptyWizardData(),
    currentStep: 'basic-info',
    notes: '',
    updatedAt: now.toISOString(),
  };
}

/** A recipe may return new data or change the copy it is given (both styles are used by the screens). */
export type WizardRecipe = (data: WizardData) => WizardData | void;

export function applyRecipe(data: WizardData, recipe: WizardRecipe): WizardData {
  const copy = structuredClone(data);
  const result = recipe(copy);
  return result ?? copy;
}

const EMPTY = JSON.stringify(emptyWizardData());

/** Whether the check holds anything at all (spec: only non-empty wizard data is cached). */
export function hasWizardData(data: WizardData): boolean {
  return JSON.stringify(data) !== EMPTY;
}

/**
 * Work on this device that is not yet handed to the outbox as a report: what the home page's
 * Unsaved Work Found banner is for. A failed or submitted check is in the outbox already.
 */
export function hasUnsavedWork(state: WizardState): boolean {
  return state.flowStatus === 'active' && !state.submittedReportId && hasWizardData(state.wizardData);
}

/** The newer of two copies (localStorage is read first for speed; IndexedDB may hold a later one). */
export function newerState(a: WizardState | undefined, b: WizardState | undefined): WizardState | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}
