import { z } from 'zod';
import { isDecimalOrEmpty } from '../numbers.js';
import { decimalString, shortText, yesNo } from '../schemas/common.js';
import type { PackField } from './cp1-ts1.js';
import { packIssueSchema } from './pack-issue-schema.js';
import { packFieldError } from './pack-rules.js';
import { PACK_VERSIONS } from './registry.js';
import type { TestPackRef } from './test-pack-types.js';
import { packOf } from './test-packs.js';
import { MAX_ZONES, roomReadingProblems, type RoomReadingsData } from './room-readings.js';

/** A field's kind of value; its limits belong to the version of the pack, checked by `packDataIssues`. */
function kindSchema(f: PackField) {
  switch (f.kind) {
    case 'number':
      return decimalString.default('');
    case 'text':
      return shortText(f.scannable ? 60 : 200).default('');
    case 'yesno':
      return yesNo.default(null);
    case 'choice':
      return z.union([z.literal(''), z.enum(f.choices as [string, ...string[]])]).default('');
  }
}

// Every field any released version of the pack has (a key keeps its kind and unit across versions).
const released = new Map<string, PackField>();
for (const pack of PACK_VERSIONS.filter((p) => p.id === 'cp1-ts1'))
  for (const f of pack.fields) if (!released.has(f.key)) released.set(f.key, f);

/**
 * The CP1/TS1 pack's data in a check (`wizardData.cp1`); only checks taken under the pack have it. Each value
 * is held to the version the check names by `packDataIssues`, so a later version's field is kept, not dropped.
 */
export const cp1DataSchema = z.looseObject({
  ...Object.fromEntries([...released.values()].map((f) => [f.key, kindSchema(f)])),
  issues: z.array(packIssueSchema).max(50, 'At most 50 issues').default([]),
  /** Each radiator's flow and return by its room on step 4 (version 3 on); absent on checks without them. */
  radiatorTemps: z
    .record(
      z.string().trim().min(1).max(80),
      z.object({ flow: decimalString.default(''), return: decimalString.default('') }),
    )
    .optional(),
  /** Each underfloor zone's flow (version 3 on). */
  underfloorZones: z
    .array(z.object({ name: shortText(80).default(''), flowRate: decimalString.default('') }))
    .max(MAX_ZONES, `At most ${MAX_ZONES} zones`)
    .optional(),
});
export type Cp1Data = z.infer<typeof cp1DataSchema>;

/** The pack reference a check carries: which pack and version its rules come from. */
export const testPackRefSchema = z.object({
  id: z.string().trim().min(1).max(40),
  version: z.number().int().min(1).max(1000),
});

/**
 * What is wrong with a check's pack values by the rules of the version it names: a reading outside what its
 * unit allows (a pressure of 250 bar, a negative flow), or a field of that version the schema above does not
 * know yet, of the wrong kind. Paths are under the check's data: `['cp1', key]`.
 */
export function packDataIssues(data: {
  testPack?: TestPackRef | undefined;
  cp1?: unknown;
}): { path: string[]; message: string }[] {
  // The schema asks even when the check itself is of the wrong shape, to give every message at once.
  const cp1 = data && typeof data === 'object' ? data.cp1 : undefined;
  if (!cp1 || typeof cp1 !== 'object') return [];
  const values = cp1 as Record<string, unknown>;
  const out: { path: string[]; message: string }[] = [];
  const pack = packOf(data);
  if (pack.roomReadings)
    for (const p of roomReadingProblems(values as RoomReadingsData))
      out.push({ path: ['cp1', ...p.path], message: p.message });
  for (const f of pack.fields) {
    const value = values[f.key];
    if (!released.has(f.key)) {
      const r = kindSchema(f).safeParse(value);
      if (!r.success) out.push({ path: ['cp1', f.key], message: r.error.issues[0]!.message });
      if (!r.success || f.kind !== 'number') continue;
    }
    // A value that is not a number already has its message from the field's kind.
    if (typeof value !== 'string' || !isDecimalOrEmpty(value)) continue;
    const message = packFieldError(f, value);
    if (message) out.push({ path: ['cp1', f.key], message });
  }
  return out;
}
