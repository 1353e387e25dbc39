import { isEntered, parseDecimal } from '../numbers.js';
import type { DesignParameters } from '../schemas/design-parameters.js';
import { withDesignDefaults } from '../schemas/design-defaults.js';
import { SECTIONS, type SectionId } from '../rules/catalogue.js';
import type { Range, Verdict } from '../rules/range-and-verdict.js';
import type { PackField, PackRange } from './cp1-ts1.js';
import type { TestPack } from './test-pack-types.js';
import { packMeasurementId, packOf } from './test-packs.js';
import { answerVerdicts } from './answer-rules.js';
import { setPointVerdicts } from './set-point-rules.js';
import type { PackData, PackIssue } from './pack-data.js';

export type { PackData, PackIssue } from './pack-data.js';

/** The value a pack field holds: '' / null when not entered. */
export function packValue(data: PackData, f: PackField): string | boolean | null {
  const v = data.cp1?.[f.key];
  if (f.kind === 'yesno') return typeof v === 'boolean' ? v : null;
  return typeof v === 'string' ? v : '';
}

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/** "0 to 25 bar" */
export const limitsText = (f: { limits?: { min: number; max: number } | undefined; unit?: string | undefined }) =>
  `${fmt(f.limits!.min)} to ${fmt(f.limits!.max)}${f.unit ? ` ${f.unit}` : ''}`;

/** The message of a number no instrument could give in its unit, or of one that is not a number. */
export function limitsError(
  f: { limits?: { min: number; max: number } | undefined; unit?: string | undefined },
  value: string,
): string | undefined {
  if (!isEntered(value)) return undefined;
  const n = parseDecimal(value);
  if (n === null) return 'Must be a number';
  if (f.limits && (n < f.limits.min || n > f.limits.max)) return `Must be from ${limitsText(f)}`;
  return undefined;
}

/**
 * The field message of a reading no instrument could give in its unit (a pressure of 250 bar, a negative
 * flow): the schema refuses it with this message and the step shows it as it is typed.
 */
export function packFieldError(f: PackField, value: string): string | undefined {
  return f.kind === 'number' ? limitsError(f, value) : undefined;
}

function rangeOf(r: PackRange, p: Record<string, string>): Range | undefined {
  if (r.around) {
    const value = parseDecimal(p[r.around.value]);
    const tolerance = parseDecimal(p[r.around.tolerance]) ?? 0;
    if (value === null) return undefined;
    const spread = (Math.abs(value) * tolerance) / 100;
    return { min: Number(fmt(value - spread)), max: Number(fmt(value + spread)) };
  }
  const min = r.min ? parseDecimal(p[r.min]) : null;
  const max = r.max ? parseDecimal(p[r.max]) : null;
  return min === null && max === null ? undefined : { min, max };
}

/** The ranges of a pack's judged readings from a site's design parameters; one not set is not judged. */
export function packRanges(
  pack: TestPack,
  params: Partial<DesignParameters> | null | undefined,
): Record<string, Range> {
  const p = withDesignDefaults(params).cp1 as Record<string, string>;
  const out: Record<string, Range> = {};
  for (const f of pack.fields) {
    const range = f.range && rangeOf(f.range, p);
    if (range) out[packMeasurementId(f)] = range;
  }
  return out;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The photos the pack requires that no photo's label names yet. */
export function missingPhotoTags(data: PackData): string[] {
  const labels = new Set(data.photosSignature.photos.map((p) => norm(p.label)));
  return packOf(data).photoTags.filter((t) => !labels.has(norm(t)));
}

/** Issues not yet marked resolved: they show on the site's progress and carry into a re-test. */
export function openIssues(data: PackData): PackIssue[] {
  return packOf(data).issuesList ? (data.cp1?.issues ?? []).filter((i) => !i.resolved) : [];
}

const unset = (data: PackData, f: PackField) => {
  const v = packValue(data, f);
  return v === null || (typeof v === 'string' && !isEntered(v));
};

/** The pack's required fields of a step that are not entered yet. */
export function packUnsetRequired(step: number, data: PackData): PackField[] {
  return packOf(data).fields.filter((f) => f.step === step && f.required && unset(data, f));
}

/** What stops Next on a step because of the pack, by the labels the step shows, in screen order. */
export function packMissing(step: number, data: PackData): string[] {
  const pack = packOf(data);
  const fields = pack.fields
    .filter((f) => f.step === step)
    .filter((f) => (f.required && unset(data, f)) || packFieldError(f, String(packValue(data, f) ?? '')) !== undefined)
    .map((f) => f.label);
  // An answer that raises an issue waits for the issue's due date on its own step.
  const answers = answerVerdicts(data, step).flatMap((v) => v.needs.map((n) => `${v.text}: ${n}`));
  if (step !== 7) return [...fields, ...answers];
  const issues = (data.cp1?.issues ?? []).flatMap((i, n) => [
    ...(isEntered(i.description) ? [] : [`Issue ${n + 1}: description`]),
    ...(pack.issuesNeedDueDate && !i.resolved && !isEntered(i.due) ? [`Issue ${n + 1}: due date`] : []),
    ...(pack.issuesClosedWithComment && i.resolved && !isEntered(i.closingComment ?? '')
      ? [`Issue ${n + 1}: how it was put right`]
      : []),
    ...(i.closingPhotoId && !data.photosSignature.photos.some((p) => p.id === i.closingPhotoId)
      ? [`Issue ${n + 1}: its photo was removed, choose another`]
      : []),
  ]);
  return [...fields, ...answers, ...missingPhotoTags(data).map((t) => `Photo: ${t}`), ...issues];
}

/** The pack's verdicts beyond its numeric readings (which the catalogue judges), and the issues they raise. */
export function packVerdicts(data: PackData): {
  verdicts: Partial<Record<SectionId, Verdict[]>>;
  issues: { section: SectionId; text: string; severity: 'fail' | 'warning' }[];
} {
  const pack = packOf(data);
  const verdicts: Partial<Record<SectionId, Verdict[]>> = {};
  const issues: { section: SectionId; text: string; severity: 'fail' | 'warning' }[] = [];
  const section = (step: number) => SECTIONS.find((s) => s.step === step)!.id;
  const add = (id: SectionId, v: Verdict) => (verdicts[id] ??= []).push(v);
  for (const f of pack.fields) {
    if (f.kind === 'number' || f.answers) continue;
    add(section(f.step), f.required && unset(data, f) ? 'pending' : 'pass');
  }
  // Judged answers (version 3 on): a fail fails its step; an issue still lacking its due date keeps it pending.
  for (const f of pack.fields.filter((x) => x.answers && x.required && unset(data, x))) add(section(f.step), 'pending');
  for (const v of answerVerdicts(data)) {
    if (v.verdict === 'fail') issues.push({ section: section(v.field.step), text: v.text, severity: 'fail' });
    add(section(v.field.step), v.verdict === 'fail' ? 'fail' : v.needs.length ? 'pending' : 'pass');
  }
  // Readings held to the unit's own set-points: a reading below its limit fails its step.
  for (const v of setPointVerdicts(data)) {
    if (v.verdict === 'pending') continue;
    if (v.verdict === 'fail') issues.push({ section: section(v.step), text: v.text, severity: 'fail' });
    add(section(v.step), v.verdict);
  }
  if (pack.photoTags.length) {
    const missing = missingPhotoTags(data);
    for (const t of missing)
      issues.push({ section: 'photosSignature', text: `Required photo missing: ${t}`, severity: 'fail' });
    add('photosSignature', missing.length ? 'fail' : 'pass');
  }
  for (const i of openIssues(data))
    issues.push({
      section: 'photosSignature',
      text: `Open issue (${i.owner}${i.due ? `, due ${i.due}` : ''}): ${i.description.trim()}`,
      severity: 'warning',
    });
  return { verdicts, issues };
}
