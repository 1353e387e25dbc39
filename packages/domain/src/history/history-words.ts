import { CORRECTABLE_FIELDS, correctableLabelOf } from '../review/corrections.js';
import { MARKABLE_ITEMS } from '../review/markable-items.js';
import { INITIAL_CHECKS } from '../rules/catalogue.js';
import { TEST_PACK_IDS } from '../packs/test-pack-types.js';
import { packMeasurementId, testPackVersions } from '../packs/test-packs.js';

/**
 * Every kind of change the server records (docs/product.md#history), in the order the Action filter lists
 * them, with how each reads as a title. Sentence case throughout.
 */
export const AUDIT_ACTION_LABELS = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  submitted: 'Report submitted',
  approved: 'Report approved',
  sent_back: 'Report sent back',
  corrected: 'Value corrected',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  discarded: 'Draft discarded',
  member_added: 'Member added',
  member_removed: 'Member removed',
  properties_imported: 'Properties imported',
  pack_requested: 'Evidence pack requested',
  witnessed: 'Witness recorded',
  unwitnessed: 'Witness removed',
  signed_off: 'Site signed off',
  sign_off_requested: 'Sign off requested',
  sampling_set: 'Sampling rate set',
  issue_raised: 'Site issue raised',
  issue_resolved: 'Site issue resolved',
  secret_rotated: 'Webhook secret rotated',
  revoked: 'API token revoked',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** What an entry is about, as the What filter names it. */
export const AUDIT_ENTITY_LABELS = {
  user: 'User',
  site: 'Site',
  site_member: 'Site member',
  property: 'Property',
  assignment: 'Assignment',
  draft: 'Draft',
  report: 'Report',
  webhook: 'Webhook',
  api_token: 'API token',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntityType[];

const humanise = (key: string) => {
  const words = key
    .replace(/[_.]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An action's title; an action recorded by a later version reads as its own words. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? humanise(action);

export const auditEntityLabel = (type: string): string =>
  (AUDIT_ENTITY_LABELS as Record<string, string>)[type] ?? humanise(type);

/** The words of the fields entries record that are not the rule book's readings. */
const RECORD_FIELDS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  active: 'Active',
  password: 'Password',
  address: 'Address',
  propertyType: 'Property type',
  block: 'Block',
  floor: 'Floor',
  location: 'Location',
  availableBuildingTypes: 'Property types',
  designParameters: 'Design parameters',
  autoApprovePassing: 'Approve passing reports on submit',
  keepOriginalPhotos: 'Keep original photos',
  testPack: 'Test pack',
  engineerId: 'Engineer',
  dueDate: 'Due date',
  reviewState: 'Review',
  overallStatus: 'Verdict',
  revision: 'Revision',
  fields: 'Marked for the engineer',
  retestOf: 'Re-test of',
  count: 'Properties',
  currentStep: 'Step reached',
  lastSaved: 'Last saved',
  url: 'Address (URL)',
  description: 'Description',
  events: 'Events',
  scope: 'Scope',
  sites: 'Sites',
  expiresOn: 'Expires on',
  comment: 'Comment',
  date: 'Date',
  packId: 'Evidence pack',
};

let ruleBook: Map<string, string> | undefined;

/** The rule book's label of every value a report records: readings, pack fields and yes/no answers. */
function ruleBookLabels(): Map<string, string> {
  if (ruleBook) return ruleBook;
  ruleBook = new Map<string, string>();
  for (const c of INITIAL_CHECKS) ruleBook.set(c.key, c.label);
  for (const pack of TEST_PACK_IDS.flatMap(testPackVersions))
    for (const f of pack.fields) ruleBook.set(packMeasurementId(f), f.label);
  for (const f of CORRECTABLE_FIELDS) ruleBook.set(f.id, f.label);
  // A send-back marks answers by their step too ("initialChecks.strainerClean").
  for (const i of MARKABLE_ITEMS) ruleBook.set(i.id, i.label);
  return ruleBook;
}

/** The unit the rule book gives a reading, or ''. */
export function fieldUnit(key: string): string {
  const own = CORRECTABLE_FIELDS.find((f) => f.id === key);
  if (own) return own.unit;
  for (const pack of TEST_PACK_IDS.flatMap(testPackVersions))
    for (const f of pack.fields) if (packMeasurementId(f) === key) return f.unit ?? '';
  return correctableLabelOf(key)?.unit ?? '';
}

/** A field of an entry in words: the rule book's label for a reading, else the record's own name. */
export function fieldLabel(key: string): string {
  // A radiator's or zone's value is named by its room or zone, read from the id.
  return RECORD_FIELDS[key] ?? ruleBookLabels().get(key) ?? correctableLabelOf(key)?.label ?? humanise(key);
}
