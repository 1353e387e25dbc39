import { z } from 'zod';
import { decimalString, shortText, yesNo } from '../schemas/common.js';
import { CP1_FIELDS_V1, ISSUE_OWNERS, type PackField } from './cp1-ts1.js';
import { packFieldError } from './pack-rules.js';

/** One item of a check's issues list: what is wrong, who must act, by when, and whether it is put right. */
export const packIssueSchema = z.object({
  id: z.uuid(),
  /** May be blank while typed (drafts keep it); Next on its step asks for it. */
  description: shortText(500).default(''),
  owner: z.enum(ISSUE_OWNERS),
  due: z.union([z.literal(''), z.iso.date({ message: 'Must be a date' })]).default(''),
  resolved: z.boolean().default(false),
});

function fieldSchema(f: PackField) {
  switch (f.kind) {
    case 'number':
      return decimalString
        .superRefine((v, ctx) => {
          const message = packFieldError(f, v);
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .default('');
    case 'text':
      return shortText(f.scannable ? 60 : 200).default('');
    case 'yesno':
      return yesNo.default(null);
    case 'choice':
      return z.union([z.literal(''), z.enum(f.choices as [string, ...string[]])]).default('');
  }
}

/** The CP1/TS1 pack's data in a check (`wizardData.cp1`); only checks taken under the pack have it. */
export const cp1DataSchema = z.object({
  ...Object.fromEntries(CP1_FIELDS_V1.map((f) => [f.key, fieldSchema(f)])),
  issues: z.array(packIssueSchema).max(50, 'At most 50 issues').default([]),
});
export type Cp1Data = z.infer<typeof cp1DataSchema>;
export type PackIssueInput = z.infer<typeof packIssueSchema>;

/** The pack reference a check carries: which pack and version its rules come from. */
export const testPackRefSchema = z.object({
  id: z.string().trim().min(1).max(40),
  version: z.number().int().min(1).max(1000),
});
