// Version 3 of the CP1/TS1 pack (decision 213): every answer judged, every reading recorded once. Plain data, as
// version 1's catalogue is (cp1-ts1.ts), so the engineer's screens read it without the schema library.
import type { RangedMeasurementId } from '../rules/catalogue.js';
import { CP1_FIELDS_V1, type AnswerRule, type Cp1ParamKey, type PackField } from './cp1-ts1.js';

const pass: AnswerRule = { verdict: 'pass' };

/**
 * What each answer means, by CP1 (2020) and TS1 practice. A system must be flushed and cleaned before it is
 * connected, so not flushed fails the HIU, as a blocked strainer does (the checklist's "Strainer clean = No"
 * does too). Debris in the strainer and no water sample are put right later by someone: an open issue.
 */
export const CP1_ANSWER_RULES: Record<string, Record<string, AnswerRule>> = {
  flushed: {
    Yes: pass,
    No: {
      verdict: 'fail',
      reason: 'System not flushed',
      remedy: 'Flush and clean the heating system, then test again.',
    },
  },
  waterSample: { Yes: pass, No: { verdict: 'issue', issue: 'Water sample not taken' } },
  strainerCondition: {
    Clear: pass,
    'Minor debris': { verdict: 'issue', issue: 'Strainer: minor debris found' },
    'Significant debris': { verdict: 'issue', issue: 'Strainer: significant debris found, system may need flushing' },
    Blocked: {
      verdict: 'fail',
      reason: 'Strainer blocked',
      remedy: 'Clean the strainer, find where the debris comes from, then test again.',
    },
  },
};

/**
 * Pack fields version 1 asks for that the checklist's own readings already record at the same moment. From
 * version 3 each is that one reading, shown once and judged once (decision 213).
 */
export const CP1_V3_MERGED: Record<string, string> = {
  keepWarmReturn: 'standbyReturnTemp',
  heatingPeakReturn: 'heatingPrimaryReturn',
  heatingPeakReturnTemp: 'heatingPrimaryReturn',
  heatingPeakFlowTemp: 'heatingPrimaryFlow',
  meterFlowAtDesign: 'cp1.heatingPeakFlow',
  dhwPeakReturnTemp: 'cp1.peakReturn',
};

/**
 * The checklist readings version 3 also holds to a pack limit, in place of the pack's own field: the stricter
 * maximum of the two applies.
 */
export const CP1_V3_SHARED_LIMITS: readonly { reading: RangedMeasurementId; max: Cp1ParamKey }[] = [
  { reading: 'standbyReturnTemp', max: 'keepWarmReturnMax' },
  { reading: 'heatingPrimaryReturn', max: 'heatingPeakReturnMax' },
];

/** Every field of version 3, in step order. */
export const CP1_FIELDS_V3: readonly PackField[] = CP1_FIELDS_V1.flatMap((f): PackField[] => {
  if (f.key in CP1_V3_MERGED) return [];
  const answers = CP1_ANSWER_RULES[f.key];
  if (answers) return [{ ...f, answers }];
  // The meter set's flow at the heating peak is the flow at design load: judged against the design flow.
  if (f.key === 'heatingPeakFlow')
    return [
      {
        ...f,
        range: { around: { value: 'designFlow', tolerance: 'designFlowTolerance' } },
        issue: 'Heat meter flow not within tolerance of the design flow',
      },
    ];
  return [f];
});
