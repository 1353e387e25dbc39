import { INITIAL_CHECKS, SECTIONS, type InitialCheckKey } from '../rules/catalogue.js';
import { identityFieldsOf, PACK_IDENTITY_FIELDS } from '../packs/identity-fields.js';
import type { WizardData } from '../schemas/wizard-data.js';
import { CORRECTABLE_FIELDS, correctableField, correctableValue } from './corrections.js';

/**
 * What a reviewer may mark when sending a report back: the recorded values a correction can change, and the
 * yes/no answers, which are evidence and only re-tested. The engineer's re-test shows the marked items by their
 * labels (home's My flats too); which of them failed is judged in failing-items.ts.
 */
export interface MarkableItem {
  id: string;
  label: string;
  unit: string;
  kind: 'answer' | 'value';
}

const initialChecksTitle = SECTIONS.find((s) => s.id === 'initialChecks')?.title ?? '';
const answerId = (key: InitialCheckKey) => `initialChecks.${key}`;

const [model, serial, ...readings] = CORRECTABLE_FIELDS.map((f): MarkableItem => ({
  id: f.id,
  label: f.label,
  unit: f.unit,
  kind: 'value',
}));

const sectionOfStep = (step: number) => SECTIONS.find((s) => s.step === step)?.title ?? '';
const PACK_IDENTITY = 'cp1.';

/** A test pack's device identity (the heat meter's serial): a re-test starts with it unless it is marked. */
const identityItems = PACK_IDENTITY_FIELDS.map((f): MarkableItem => ({
  id: `${PACK_IDENTITY}${f.key}`,
  label: `${sectionOfStep(f.step)}: ${f.label}`,
  unit: '',
  kind: 'value',
}));

/** In step order: the HIU's model and serial, a pack's device identity, the step 2 answers, then the readings. */
export const MARKABLE_ITEMS: readonly MarkableItem[] = [
  model!,
  serial!,
  ...identityItems,
  ...INITIAL_CHECKS.map((c): MarkableItem => ({
    id: answerId(c.key),
    label: `${initialChecksTitle}: ${c.label}`,
    unit: '',
    kind: 'answer',
  })),
  ...readings,
];

/** Every item's id, for the send-back body's schema (schemas/team.ts): this module loads no schema library. */
export const MARKABLE_ITEM_IDS = MARKABLE_ITEMS.map((i) => i.id) as [string, ...string[]];

export function markableItem(id: string): MarkableItem | undefined {
  return MARKABLE_ITEMS.find((i) => i.id === id);
}

/** The items a report can be marked on: a pack's identity only when its pack records it. */
export function markableItemsOf(data: WizardData): readonly MarkableItem[] {
  const recorded = new Set(identityFieldsOf(data).map((f) => `${PACK_IDENTITY}${f.key}`));
  return MARKABLE_ITEMS.filter((i) => !i.id.startsWith(PACK_IDENTITY) || recorded.has(i.id));
}

/** The item's answer or value as the report shows it ('' when not recorded). */
export function markedValue(data: WizardData, item: MarkableItem): string {
  if (item.id.startsWith(PACK_IDENTITY)) {
    const v = (data.cp1 as Record<string, unknown> | undefined)?.[item.id.slice(PACK_IDENTITY.length)];
    return typeof v === 'string' ? v : '';
  }
  if (item.kind === 'answer') {
    const v = data.initialChecks[item.id.slice('initialChecks.'.length) as InitialCheckKey];
    return v === true ? 'Yes' : v === false ? 'No' : '';
  }
  const field = correctableField(item.id);
  return field ? correctableValue(data, field) : '';
}
