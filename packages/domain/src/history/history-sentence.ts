import type { AuditEntry } from '../schemas/team.js';
import { auditActionLabel, auditEntityLabel, fieldLabel, fieldUnit } from './history-words.js';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** What an entry recorded of itself, for names the database no longer holds (a deleted site or flat). */
const recorded = (e: AuditEntry, key: string) => text(e.after?.[key]) ?? text(e.before?.[key]);

function siteName(e: AuditEntry): string | null {
  return e.names?.site ?? (e.entityType === 'site' ? recorded(e, 'name') : null);
}

/** "Flat 3, Larch House at Larch Court": the flat and its site, as far as they are known. */
function flat(e: AuditEntry): string {
  const address = e.names?.property ?? (e.entityType === 'property' ? recorded(e, 'address') : null);
  const site = siteName(e);
  if (address) return site ? `${address} at ${site}` : address;
  return site ? `a property of ${site}` : 'a property';
}

const site = (e: AuditEntry) => {
  const name = siteName(e);
  return name ? `site ${name}` : 'a site';
};

function report(e: AuditEntry): string {
  const reference = e.names?.report;
  return `${reference ? `report ${reference}` : 'a report'} for ${flat(e)}`;
}

const person = (e: AuditEntry) =>
  e.names?.person ?? recorded(e, 'engineerName') ?? (e.entityType === 'user' ? recorded(e, 'name') : null) ?? 'someone';

const quoted = (v: string | null, kind: string) => (v ? `${kind} “${v}”` : `a ${kind}`);

/** A network-wide issue by its words: the issue “Lag the riser”. */
const theIssue = (e: AuditEntry) => {
  const d = recorded(e, 'description');
  return d ? `the issue “${d}”` : 'an issue';
};

/** What a correction records beside the value it changed. */
const CORRECTION_BOOKKEEPING = new Set(['overallStatus', 'revision']);

/**
 * The value a correction changed, as the sentence says it: "the Hall radiator return of report … : 45 °C → 40 °C"
 * (the rule book's label without its step, units beside both values); "a value of report …" when not recorded.
 */
function corrected(e: AuditEntry): string {
  const keys = Object.keys(e.after ?? {}).filter((k) => !CORRECTION_BOOKKEEPING.has(k));
  const key = keys.length === 1 ? keys[0]! : undefined;
  if (!key) return `a value of ${report(e)}`;
  const label = fieldLabel(key);
  const unit = fieldUnit(key);
  const words = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v).trim();
    return s === '' ? 'none' : unit ? `${s} ${unit}` : s;
  };
  const name = label.slice(label.lastIndexOf(': ') + (label.includes(': ') ? 2 : 0));
  return `the ${name} of ${report(e)}: ${words(e.before?.[key])} → ${words(e.after?.[key])}`;
}

type Phrase = (e: AuditEntry) => string;

/**
 * What the actor did, one phrase per kind of entry (`entity.action`), written to follow the actor's name:
 * "Sam Supervisor" + "approved report HIU-2026-000012 for Flat 3 at Larch Court".
 */
const PHRASES: Record<string, Phrase> = {
  'user.created': (e) => `created the account of ${person(e)}`,
  'user.updated': (e) => `changed the account of ${person(e)}`,
  'user.invited': (e) => `invited ${person(e)} by email`,
  'user.accepted_invitation': () => 'set their password from the invitation',
  'user.password_reset': () => 'set a new password from a reset link',
  'site.created': (e) => `created ${site(e)}`,
  'site.updated': (e) => `changed ${site(e)}`,
  'site.deleted': (e) => `deleted ${site(e)}`,
  'site.properties_imported': (e) => {
    const n = Number(e.after?.count ?? 0);
    return `imported ${n} ${n === 1 ? 'property' : 'properties'} into ${site(e)}`;
  },
  'site.pack_requested': (e) => `asked for the evidence pack of ${site(e)}`,
  'site.signed_off': (e) => `signed off ${site(e)}`,
  'site.sign_off_requested': (e) => {
    const asked = Array.isArray(e.after?.asked) ? (e.after.asked as string[]) : [];
    return `asked ${asked.length ? asked.join(', ') : 'its clients and assessors'} to sign off ${site(e)}`;
  },
  'site.sampling_set': (e) =>
    typeof e.after?.rate === 'number'
      ? `set the sampling rate of ${site(e)} to 1 in ${e.after.rate}`
      : `took the sampling plan off ${site(e)}`,
  'site.issue_raised': (e) => `raised ${theIssue(e)} for every flat of ${site(e)}`,
  'site.issue_resolved': (e) => `resolved ${theIssue(e)} of ${site(e)}`,
  'site_member.member_added': (e) => `added ${person(e)} to ${site(e)}`,
  'site_member.member_removed': (e) => `removed ${person(e)} from ${site(e)}`,
  'property.created': (e) => `added ${flat(e)}`,
  'property.updated': (e) => `changed ${flat(e)}`,
  'property.deleted': (e) => `deleted ${flat(e)}`,
  'property.witnessed': (e) => `recorded ${text(e.after?.name) ?? 'a witness'} as witness of ${flat(e)}`,
  'property.unwitnessed': (e) => `removed the witness of ${flat(e)}`,
  'assignment.assigned': (e) => `assigned ${flat(e)} to ${person(e)}`,
  'assignment.unassigned': (e) => `took ${flat(e)} off ${person(e)}`,
  'draft.discarded': (e) => `discarded the draft ${person(e)} kept of ${flat(e)}`,
  'report.submitted': (e) => `submitted ${report(e)}`,
  'report.approved': (e) => `approved ${report(e)}`,
  'report.sent_back': (e) => `sent back ${report(e)}`,
  'report.corrected': (e) => `corrected ${corrected(e)}`,
  'webhook.created': (e) => `added ${quoted(recorded(e, 'url'), 'webhook')}`,
  'webhook.updated': (e) => `changed ${quoted(recorded(e, 'url'), 'webhook')}`,
  'webhook.deleted': (e) => `deleted ${quoted(recorded(e, 'url'), 'webhook')}`,
  'webhook.secret_rotated': () => 'rotated the secret of a webhook',
  'api_token.created': (e) => `created ${quoted(recorded(e, 'name'), 'API token')}`,
  'api_token.revoked': (e) => `revoked ${quoted(recorded(e, 'name'), 'API token')}`,
};

/**
 * An entry as one sentence a person reads (docs/product.md#history): who did what to which site, flat,
 * report or person. The History screens and the history CSV both use it.
 */
export function historySentence(e: AuditEntry): string {
  const phrase = PHRASES[`${e.entityType}.${e.action}`];
  const did = phrase
    ? phrase(e)
    : `${auditActionLabel(e.action).toLowerCase()}: ${auditEntityLabel(e.entityType).toLowerCase()}`;
  return `${e.actorName} ${did}.`;
}
