import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatTimeAgo,
  nextStepName,
  isoDay,
  reportPdfFilename,
  reportReference,
  reportsCsvFilename,
  slugForStepName,
} from '../src/index.js';

describe('duration (Xh Ym or Ym)', () => {
  it.each([
    ['2026-11-22T09:00:00Z', '2026-11-22T09:45:30Z', '45m'],
    ['2026-11-22T09:00:00Z', '2026-11-22T09:00:59Z', '0m'],
    ['2026-11-22T09:00:00Z', '2026-11-22T10:00:00Z', '1h 0m'],
    ['2026-11-22T09:00:00Z', '2026-11-22T11:07:00Z', '2h 7m'],
    ['', '2026-11-22T11:07:00Z', ''],
    ['nonsense', '2026-11-22T11:07:00Z', ''],
  ])('%s to %s is %j', (a, b, out) => expect(formatDuration(a, b)).toBe(out));
});

describe('time ago, in words', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:31Z', 'less than a minute ago'],
    ['2026-11-22T12:00:00Z', 'less than a minute ago'],
    ['2026-11-22T11:59:00Z', '1 minute ago'],
    ['2026-11-22T11:55:01Z', '4 minutes ago'],
    ['2026-11-22T11:00:00Z', '1 hour ago'],
    ['2026-11-22T09:30:00Z', '2 hours ago'],
    ['2026-11-20T12:00:00Z', '2 days ago'],
    ['2026-09-22T12:00:00Z', '2 months ago'],
    ['2024-11-22T12:00:00Z', '2 years ago'],
    ['2026-11-22T12:03:00Z', 'in 3 minutes'],
    ['', ''],
    ['nonsense', ''],
  ])('%j is %j', (at, out) => expect(formatTimeAgo(at, now)).toBe(out));
});

describe('dates in en-GB on UK time', () => {
  it('formats winter (GMT) and summer (BST) times', () => {
    expect(formatDateTime('2026-11-22T14:05:00Z')).toBe('22/11/2026, 14:05');
    expect(formatDateTime('2026-07-01T14:05:00Z')).toBe('01/07/2026, 15:05');
    expect(formatDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(formatDateTime('')).toBe('');
  });
});

describe('file names (docs/product.md#file-names)', () => {
  it('names the PDF so a person can tell reports apart, safe for any file system (decision 136)', () => {
    const at = new Date('2026-11-22T14:05:00Z');
    const r = {
      siteName: 'Riverside Court',
      propertyAddress: 'Flat 3, 12 Dock St',
      hiuSerial: 'SN-123',
      completedAt: at,
      overallStatus: 'PASS',
    };
    expect(reportPdfFilename(r)).toBe(`Riverside-Court_Flat-3-12-Dock-St_SN-123_${isoDay(at)}_PASS.pdf`);
    expect(reportPdfFilename({ ...r, hiuSerial: '  ', overallStatus: 'FAIL' })).toBe(
      `Riverside-Court_Flat-3-12-Dock-St_Unknown_${isoDay(at)}_FAIL.pdf`,
    );
    expect(reportPdfFilename({ ...r, siteName: 'Ça/va: "Quai" <1>', hiuSerial: 'a/b\\c_d' })).toBe(
      `Ça-va-Quai-1_Flat-3-12-Dock-St_a-b-c-d_${isoDay(at)}_PASS.pdf`,
    );
    expect(reportReference(2026, 42)).toBe('HIU-2026-000042');
  });
  it('names the CSV after the site', () => {
    expect(reportsCsvFilename('Riverside Court (Block A)', new Date('2026-11-22T10:00:00Z'))).toBe(
      'riverside-court--block-a--reports-2026-11-22.csv',
    );
  });
});

describe('steps', () => {
  it('saves the next step name and resumes by name', () => {
    expect(nextStepName('basic-info')).toBe('Initial Checks');
    expect(nextStepName('radiators')).toBe('Heating Checks');
    expect(nextStepName('photos-signature')).toBe('Review & Submit');
    expect(slugForStepName('Tertiary System Checks')).toBe('radiators');
    expect(slugForStepName('Photos & Signature')).toBe('photos-signature');
    expect(slugForStepName('Something else')).toBe('basic-info');
    expect(slugForStepName(undefined)).toBe('basic-info');
  });
});
