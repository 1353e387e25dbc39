import { describe, expect, it } from 'vitest';
import {
  judgeWitnessedReadings,
  rangesFor,
  samplingCoverageText,
  samplingPlan,
  witnessableReadings,
  type SamplingFlat,
} from '../src/index.js';

/** Flats "Flat 01".."Flat NN" of one block and type, all approved, none witnessed. */
function flats(n: number, over: Partial<SamplingFlat> = {}, from = 1): SamplingFlat[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${over.block ?? 'A'}-${over.type ?? '2b4p'}-${from + i}`,
    address: `Flat ${String(from + i).padStart(2, '0')}`,
    block: 'A',
    type: '2b4p',
    approved: true,
    failed: false,
    witness: null,
    ...over,
  }));
}

describe('sampling plan (docs/product.md#witnessing-and-sampling)', () => {
  it('asks for the first flat of each property type to be witnessed', () => {
    const plan = samplingPlan([...flats(3), ...flats(2, { type: '1b2p' }, 10)], 10);
    expect(plan.due).toEqual([
      { id: 'A-2b4p-1', address: 'Flat 01', block: 'A', type: '2b4p', reportId: null, reason: 'first_of_type' },
      { id: 'A-1b2p-10', address: 'Flat 10', block: 'A', type: '1b2p', reportId: null, reason: 'first_of_type' },
    ]);
    expect(plan.coverage).toEqual({ flats: 5, witnessed: 0, required: 2, met: false });
  });

  it('then one in every N flats of each block and type: 25 flats at 1 in 10 need 3', () => {
    const all = flats(25);
    all[0]!.witness = { failed: false };
    const plan = samplingPlan(all, 10);
    expect(plan.groups).toEqual([
      { block: 'A', type: '2b4p', flats: 25, failures: 0, rate: 10, required: 3, witnessed: 1 },
    ]);
    expect(plan.due.map((d) => [d.address, d.reason])).toEqual([
      ['Flat 02', 'rate'],
      ['Flat 03', 'rate'],
    ]);
    expect(plan.coverage.met).toBe(false);
  });

  it('counts each block on its own', () => {
    const plan = samplingPlan([...flats(10, { block: 'A' }), ...flats(10, { block: 'B' }, 20)], 10);
    expect(plan.groups.map((g) => [g.block, g.required])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    // The first of the type covers block A; block B needs its own.
    expect(plan.due.map((d) => [d.block, d.reason])).toEqual([
      ['A', 'first_of_type'],
      ['B', 'rate'],
    ]);
  });

  it('raises the rate after a failure: a witnessed reading out of range halves 1 in 10 to 1 in 5', () => {
    const all = flats(20);
    all[0]!.witness = { failed: true };
    all[1]!.witness = { failed: false };
    const plan = samplingPlan(all, 10);
    expect(plan.groups[0]).toMatchObject({ failures: 1, rate: 5, required: 4, witnessed: 2 });
    expect(plan.due.map((d) => d.address)).toEqual(['Flat 03', 'Flat 04']);
  });

  it('a failed flat raises the rate of its group too, and two failures make it 1 in 3', () => {
    const all = flats(12);
    all[4]!.failed = true;
    all[4]!.approved = false;
    all[5]!.failed = true;
    all[5]!.approved = false;
    all[0]!.witness = { failed: false };
    const plan = samplingPlan(all, 10);
    expect(plan.groups[0]).toMatchObject({ failures: 2, rate: 3, required: 4 });
    // Only flats with an approved report can be witnessed.
    expect(plan.due.map((d) => d.address)).toEqual(['Flat 02', 'Flat 03', 'Flat 04']);
  });

  it('is met when every group has its witnessed flats', () => {
    const all = flats(10);
    all[3]!.witness = { failed: false };
    expect(samplingPlan(all, 10).coverage).toEqual({ flats: 10, witnessed: 1, required: 1, met: true });
  });

  it('says the coverage in words, for the dashboard and the pack', () => {
    const all = flats(25);
    all[0]!.witness = { failed: false };
    expect(samplingCoverageText(samplingPlan(all, 10))).toBe('Sample not met: 1 witnessed of 3 required (25 flats).');
    expect(samplingCoverageText(samplingPlan(all, null))).toBe(
      'No sampling plan is set: 1 flat witnessed of 25 flats.',
    );
  });

  it('asks for nothing on a site without a plan', () => {
    expect(samplingPlan(flats(5), null)).toMatchObject({ due: [], coverage: { required: 0, met: true } });
  });
});

describe('witnessed readings', () => {
  const data = { testPack: { id: 'standard', version: 1 } } as never;
  const ranges = rangesFor(undefined);

  it('judges the values the assessor saw against the report’s ranges, with their units', () => {
    const primary = witnessableReadings(data, ranges).find((r) => r.id === 'heatingPrimaryReturn')!;
    const out = judgeWitnessedReadings(data, ranges, [
      { id: 'heatingPrimaryReturn', value: primary.range.max! + 5 },
      { id: 'nonsense', value: 1 },
    ]);
    expect(out.unknown).toEqual(['nonsense']);
    expect(out.readings).toEqual([
      expect.objectContaining({
        id: 'heatingPrimaryReturn',
        unit: '°C',
        verdict: 'fail',
        value: primary.range.max! + 5,
      }),
    ]);
  });
});
