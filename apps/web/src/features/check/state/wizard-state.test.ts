import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import {
  applyRecipe,
  hasUnsavedWork,
  hasWizardData,
  initialWizardState,
  newerState,
  type WizardState,
} from './wizard-state';
import { parseWizardState } from './wizard-state-schema';

describe('applyRecipe', () => {
  it('takes a recipe that returns new data or one that changes its copy, and never touches the original', () => {
    const before = emptyWizardData();
    const returned = applyRecipe(before, (d) => ({ ...d, hiuModel: 'Vital 2' }));
    const mutated = applyRecipe(before, (d) => {
      d.standbyMode.flowTemp = '46';
    });
    expect(returned.hiuModel).toBe('Vital 2');
    expect(mutated.standbyMode.flowTemp).toBe('46');
    expect(before).toEqual(emptyWizardData());
  });
});

describe('unsaved work', () => {
  const withData = (patch: Partial<WizardState>): WizardState => ({
    ...initialWizardState('u1'),
    wizardData: { ...emptyWizardData(), address: '1 High Street' },
    ...patch,
  });
  it.each([
    ['an empty check', { wizardData: emptyWizardData() }, false],
    ['a check with data', {}, true],
    ['a failed check (its report is queued)', { flowStatus: 'failed' as const }, false],
    ['a submitted check', { submittedReportId: '11111111-1111-4111-8111-111111111111' }, false],
  ])('%s -> %s', (_what, patch, expected) => {
    expect(hasUnsavedWork(withData(patch))).toBe(expected);
  });
  it('counts any field as data', () => {
    expect(hasWizardData(emptyWizardData())).toBe(false);
    expect(hasWizardData({ ...emptyWizardData(), meterStart: '1' })).toBe(true);
  });
});

describe('reading a cached state', () => {
  it('accepts a state and refuses what this version cannot read', () => {
    const state = initialWizardState('u1');
    expect(parseWizardState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseWizardState({ flowStatus: 'exploded' })).toBeUndefined();
    expect(parseWizardState('nonsense')).toBeUndefined();
    expect(parseWizardState({ ...state, currentStep: 'step-9' })).toBeUndefined();
  });
  it('prefers the newer of two copies', () => {
    const older = { ...initialWizardState('u1'), updatedAt: '2026-01-01T10:00:00.000Z' };
    const newer = { ...initialWizardState('u1'), updatedAt: '2026-01-01T10:00:01.000Z' };
    expect(newerState(older, newer)).toBe(newer);
    expect(newerState(newer, older)).toBe(newer);
    expect(newerState(undefined, older)).toBe(older);
    expect(newerState(older, undefined)).toBe(older);
  });
});
