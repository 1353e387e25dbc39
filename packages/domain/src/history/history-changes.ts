import { formatDate, formatDateTime } from '../format/dates.js';
import { DESIGN_RANGE_FIELDS, type DesignRangeField } from '../rules/design-fields.js';
import { REVIEW_STATE_LABELS } from '../review/review-state.js';
import { ROLE_LABELS } from '../schemas/roles.js';
import { isTestPackId, TEST_PACK_LABELS } from '../packs/test-packs.js';
import type { AuditEntry } from '../schemas/team.js';
import { fieldLabel, fieldUnit } from './history-words.js';

/** Fields the sentence already names (the site, the flat, the person), or that only repeat an id. */
const NAMED_IN_SENTENCE = new Set(['siteId', 'propertyId', 'userId', 'engineerName']);
/** How many changed design values an entry lists before it says how many more. */
const MOST_DESIGN_LINES = 8;

const VERDICTS: Record<string, string> = { PASS: 'Pass', FAIL: 'Fail', PENDING: 'Pending' };
const DESIGN_GROUPS: Record<string, string> = {
  standby: 'Standby',
  heating: 'Heating',
  dhw: 'DHW',
  tertiarySystem: 'Tertiary system',
  radiators: 'Radiators',
  radiatorDefaults: 'Radiator defaults',
  byPropertyType: 'Property type',
  cp1: 'CP1',
};
const RANGE_FIELDS: DesignRangeField[] = Object.values(DESIGN_RANGE_FIELDS).flat();

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const isInstant = (v: string) => /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v);

/** Which side of the change a value is on: an engineer id reads as the engineer of that side. */
type Side = 'before' | 'after';

/** A recorded value in words: names for ids, labels for codes, en-GB dates, units beside readings. */
function inWords(e: AuditEntry, key: string, value: unknown, side: Side): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'engineerId') {
    const named = side === 'before' && e.action === 'assigned' ? e.names?.previousPerson : e.names?.person;
    return named ?? 'an engineer no longer in the system';
  }
  if (key === 'retestOf') return e.names?.retestOf ?? 'an earlier report';
  if (key === 'role' && typeof value === 'string' && value in ROLE_LABELS)
    return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
  if (key === 'reviewState' && typeof value === 'string' && value in REVIEW_STATE_LABELS)
    return REVIEW_STATE_LABELS[value as keyof typeof REVIEW_STATE_LABELS];
  if (key === 'overallStatus' && typeof value === 'string') return VERDICTS[value] ?? value;
  if (key === 'fields' && Array.isArray(value)) return value.map((f) => fieldLabel(String(f))).join('; ');
  if (key === 'sites') return value === 'all' ? 'All sites' : Array.isArray(value) ? `${value.length} sites` : 'none';
  if (key === 'testPack' && typeof value === 'string') return isTestPackId(value) ? TEST_PACK_LABELS[value] : value;
  if (Array.isArray(value)) return value.length ? value.map((v) => inWords(e, '', v, side)).join(', ') : 'none';
  if (typeof value === 'object') return `${Object.keys(value).length} values`;
  const s = String(value);
  if (isDay(s)) return formatDate(`${s}T12:00:00Z`);
  if (isInstant(s)) return formatDateTime(s);
  const unit = fieldUnit(key);
  return unit ? `${s} ${unit}` : s;
}

/** A design parameter's place in words: "Standby: Flow Temperature, lowest". */
function designLabel(path: string[]): string {
  const [group = '', key = '', ...rest] = path;
  if (group === 'byPropertyType') return `${key}, ${designLabel(rest)}`;
  const range = RANGE_FIELDS.find((f) => f.group === group && (key === `${f.key}Min` || key === `${f.key}Max`));
  const groupWords = DESIGN_GROUPS[group] ?? fieldLabel(group);
  if (range) return `${groupWords}: ${range.label}, ${key.endsWith('Min') ? 'lowest' : 'highest'}`;
  return [groupWords, ...[key, ...rest].filter(Boolean).map(fieldLabel)].join(', ');
}

/** The leaves of two design-parameter objects that differ, as [path, before, after]. */
function changedLeaves(before: unknown, after: unknown, path: string[] = []): [string[], unknown, unknown][] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  // A property type's values given or taken away are listed value by value, as the site's are.
  if (path[0] === 'byPropertyType' && (before === undefined || after === undefined) && isObject(before ?? after))
    return changedLeaves(before ?? {}, after ?? {}, path);
  if (!isObject(before) || !isObject(after) || Array.isArray(before) || Array.isArray(after))
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [[path, before, after]];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((k) => changedLeaves(before[k], after[k], [...path, k]));
}

function designChanges(e: AuditEntry): string[] {
  const leaves = changedLeaves(e.before?.designParameters, e.after?.designParameters);
  const lines = leaves.slice(0, MOST_DESIGN_LINES).map(([path, was, now]) => {
    const word = (v: unknown) => (v === undefined ? 'none' : inWords(e, path[path.length - 1] ?? '', v, 'after'));
    return `Design parameters, ${designLabel(path)}: ${word(was)} → ${word(now)}`;
  });
  const more = leaves.length - lines.length;
  return more > 0 ? [...lines, `Design parameters: ${more} more ${more === 1 ? 'value' : 'values'} changed`] : lines;
}

/**
 * What an entry changed, one line a field, in words: "Engineer: Ed Engineer → Olga Other",
 * "Standby: Flow Temperature: 55 °C → 56 °C". Field labels are the rule book's.
 */
export function historyChanges(e: AuditEntry): string[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !NAMED_IN_SENTENCE.has(k));
  return keys.flatMap((key) => {
    const had = key in before;
    const has = key in after;
    if (key === 'designParameters') return had && has ? designChanges(e) : [`${fieldLabel(key)}: set`];
    if (key === 'password') return ['Password: changed'];
    // The sentence names the engineer; a line is only needed when a flat moves from one to another.
    if (key === 'engineerId' && !(had && has)) return [];
    // A field set to nothing on creation (or holding nothing when removed) says nothing.
    const side = has ? after[key] : before[key];
    if (!(had && has) && (side === null || side === '' || (Array.isArray(side) && side.length === 0))) return [];
    const label = fieldLabel(key);
    if (had && has)
      return [`${label}: ${inWords(e, key, before[key], 'before')} → ${inWords(e, key, after[key], 'after')}`];
    return has
      ? [`${label}: ${inWords(e, key, after[key], 'after')}`]
      : [`${label}: was ${inWords(e, key, before[key], 'before')}`];
  });
}
