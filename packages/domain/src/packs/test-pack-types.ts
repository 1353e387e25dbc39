// What a test pack is, apart from the functions that find and read packs (test-packs.ts), so that the registry
// of pack versions can name the shape without importing the code that reads it.
import type { RangedMeasurementId } from '../rules/catalogue.js';
import type { Cp1ParamKey, PackField, SetPointRule } from './cp1-ts1.js';

/**
 * The test packs a site can choose (docs/product.md#test-packs): `standard` is the original
 * eight-step checklist and nothing more; `cp1-ts1` adds what a CP1/TS1 assessor measures. A pack's rules
 * never change under the same version: a new rule is a new version, and a report is judged by the version
 * it was taken under.
 */
export const TEST_PACK_IDS = ['standard', 'cp1-ts1'] as const;
export type TestPackId = (typeof TEST_PACK_IDS)[number];

export interface TestPackRef {
  id: string;
  version: number;
}

export interface TestPack {
  id: TestPackId;
  version: number;
  label: string;
  /** Fields beyond the standard checklist, in step order. */
  fields: readonly PackField[];
  /** Photo labels the pack requires. */
  photoTags: readonly string[];
  /** Whether the check keeps a list of issues, each with who must act. */
  issuesList: boolean;
  /**
   * Return temperatures are judged as at most their maximum, with no minimum (docs/product.md#test-packs): a
   * low return is what a heat network wants.
   */
  lowReturns?: boolean;
  /**
   * Checklist readings the pack also holds to one of its own limits, in place of a field of its own (one
   * quantity, one field): the stricter maximum applies.
   */
  sharedLimits?: readonly { reading: RangedMeasurementId; max: Cp1ParamKey }[];
  /** Readings held to the unit's own set-points, recorded on the check (version 3 on). */
  setPointRules?: readonly SetPointRule[];
  /** Every open issue must say by when it is put right before the check is sent (who must act it always says). */
  issuesNeedDueDate?: boolean;
  /** An issue marked resolved must say how it was put right. */
  issuesClosedWithComment?: boolean;
  /** Each radiator's flow and return (step 4) and each underfloor zone's flow (step 5) are recorded. */
  roomReadings?: boolean;
}
