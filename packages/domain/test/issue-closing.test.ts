import { describe, expect, it } from 'vitest';
import {
  issueProblems,
  missingForNext,
  wizardDataSchema,
  withClosingRecord,
  type PackIssue,
  type WizardData,
} from '@hiu/domain';
import { passingCp1Check, PASSING_PHOTO_ID } from '@hiu/domain/testing';

const V2 = { id: 'cp1-ts1', version: 2 };
const V3 = { id: 'cp1-ts1', version: 3 };
const COMPLETED = '2026-03-02T10:25:00.000Z';
const issue = (change: Partial<PackIssue> = {}): PackIssue => ({
  id: '55555555-5555-4555-8555-555555555555',
  description: 'Lag the riser pipework',
  owner: 'installer',
  due: '2026-12-01',
  resolved: false,
  ...change,
});
const check = (issues: PackIssue[], testPack = V3): WizardData =>
  wizardDataSchema.parse(passingCp1Check({ testPack, cp1: { issues } }));

// An issue's closing record (docs/product.md#test-packs): how, a photo, who and when.
describe('closing an issue', () => {
  it('asks how a resolved issue was put right under version 3, on step 7 and on the server', () => {
    const data = check([issue({ resolved: true })]);
    expect(missingForNext(7, data)).toContain('Issue 1: how it was put right');
    expect(issueProblems(data)).toContainEqual({
      path: 'cp1.issues.0.closingComment',
      message: 'Say how the issue was put right',
    });
    const said = check([issue({ resolved: true, closingComment: 'Lagged' })]);
    expect(missingForNext(7, said)).not.toContain('Issue 1: how it was put right');
    expect(issueProblems(said)).toEqual([]);
  });

  it('does not ask it of version 2, whose reports keep their shape', () => {
    expect(issueProblems(check([issue({ resolved: true })], V2))).toEqual([]);
  });

  it("refuses a closing photo that is not one of the check's photos", () => {
    const data = check([
      issue({ resolved: true, closingComment: 'Lagged', closingPhotoId: '66666666-6666-4666-8666-666666666666' }),
    ]);
    expect(issueProblems(data)).toContainEqual({
      path: 'cp1.issues.0.closingPhotoId',
      message: "Choose one of this check's photos",
    });
    expect(missingForNext(7, data)).toContain('Issue 1: its photo was removed, choose another');
    const own = check([issue({ resolved: true, closingComment: 'Lagged', closingPhotoId: PASSING_PHOTO_ID })]);
    expect(issueProblems(own)).toEqual([]);
  });

  it('names the engineer who sent the report as the closer, whatever the phone said, and keeps a sane time', () => {
    const [marked, future, open] = withClosingRecord(
      [
        issue({ resolved: true, closedBy: 'Mallory', closedAt: '2026-03-02T09:00:00.000Z', closingComment: 'Lagged' }),
        issue({ resolved: true, closedAt: '2030-01-01T00:00:00.000Z' }),
        issue({ closedBy: 'Mallory', closedAt: COMPLETED, closingComment: 'left over' }),
      ],
      'Sam Engineer',
      COMPLETED,
    );
    expect(marked).toMatchObject({
      closedBy: 'Sam Engineer',
      closedAt: '2026-03-02T09:00:00.000Z',
      closingComment: 'Lagged',
    });
    expect(future).toMatchObject({ closedBy: 'Sam Engineer', closedAt: COMPLETED });
    expect(open).not.toHaveProperty('closedBy');
    expect(open).not.toHaveProperty('closedAt');
    expect(open).not.toHaveProperty('closingComment');
  });
});
