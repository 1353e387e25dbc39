import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { dependentsOf, nextStep, plainError, type OutboxOp } from './outbox';
import { backoffDelay, classifyFailure, missingFileIdsFrom } from './sync-send';

const http = (status: number, body: unknown = { error: { code: 'x', message: `status ${status}` } }) =>
  new ApiError(status, JSON.stringify(body), body as never);

describe('backoffDelay', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 32_000],
    [7, 60_000],
    [20, 60_000],
  ])('after %i failure(s) waits %i ms (no jitter)', (attempts, ms) => {
    expect(backoffDelay(attempts, () => 0.5)).toBe(ms);
  });

  it('jitters by at most 20 % and never passes 60 s', () => {
    expect(backoffDelay(3, () => 0)).toBe(3_200);
    expect(backoffDelay(3, () => 1)).toBe(4_800);
    expect(backoffDelay(7, () => 1)).toBe(60_000);
  });
});

describe('classifyFailure', () => {
  it.each([
    ['no connection', new TypeError('Failed to fetch'), 'retry'],
    ['timeout', Object.assign(new Error('t'), { name: 'TimeoutError' }), 'retry'],
    ['408', http(408), 'retry'],
    ['429', http(429), 'retry'],
    ['500', http(500), 'retry'],
    ['503', http(503), 'retry'],
    ['401 (signed out: sign in again, then it goes)', http(401), 'retry'],
    ['400', http(400), 'permanent'],
    ['403', http(403), 'permanent'],
    ['404', http(404), 'permanent'],
    ['409', http(409), 'permanent'],
    ['413', http(413), 'permanent'],
    ['415', http(415), 'permanent'],
    ['422', http(422), 'permanent'],
  ])('%s -> %s', (_what, error, type) => {
    expect(classifyFailure(error).type).toBe(type);
  });

  it("keeps the server's own message for the engineer", () => {
    expect(classifyFailure(http(422, { error: { code: 'v', message: 'Must be a number' } })).message).toBe(
      'Must be a number',
    );
    expect(classifyFailure(new TypeError('Failed to fetch')).message).toBe('No connection to the server');
    expect(classifyFailure(http(401)).message).toBe('Sign in again to send this');
  });
});

describe('missingFileIdsFrom', () => {
  const report = '11111111-1111-4111-8111-111111111111';
  const a = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const b = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
  it("reads the report's file ids from the 409's missingFileIds, in any case", () => {
    const body = {
      error: { code: 'missing_files', message: `Upload these files first: ${a}`, missingFileIds: [a.toUpperCase()] },
    };
    expect(missingFileIdsFrom(http(409, body), [a, b])).toEqual([a]);
  });
  it('finds none in another 409, even one whose message names a file of the report', () => {
    const body = { error: { code: 'conflict', message: `Report ${report} exists, file ${a}` } };
    expect(missingFileIdsFrom(http(409, body), [a])).toEqual([]);
    expect(missingFileIdsFrom(new TypeError('Failed to fetch'), [a])).toEqual([]);
  });
  it('never takes ids from the message: a missing_files 409 without missingFileIds names none', () => {
    const body = { error: { code: 'missing_files', message: `Upload these files first: ${a}, ${b}` } };
    expect(missingFileIdsFrom(http(409, body), [a, b])).toEqual([]);
    const typed = { error: { ...body.error, missingFileIds: [b] } };
    expect(missingFileIdsFrom(http(409, typed), [a, b])).toEqual([b]);
  });
});

function op(id: string, overrides: Partial<OutboxOp> = {}): OutboxOp {
  return {
    id,
    kind: 'deleteDraft',
    payload: { draftId: id },
    seq: 0,
    userId: 'me',
    createdAt: '2026-01-01T00:00:00.000Z',
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    dependsOn: [],
    ...overrides,
  } as OutboxOp;
}

describe('nextStep', () => {
  it('sends in seq order', () => {
    const step = nextStep([op('b', { seq: 2 }), op('a', { seq: 1 })], 'me', 100);
    expect(step).toMatchObject({ type: 'send', op: { id: 'a' } });
  });

  it("skips another user's and failed operations", () => {
    const ops = [
      op('theirs', { seq: 1, userId: 'them' }),
      op('refused', { seq: 2, status: 'failed' }),
      op('mine', { seq: 3 }),
    ];
    expect(nextStep(ops, 'me', 100)).toMatchObject({ type: 'send', op: { id: 'mine' } });
  });

  it('lets nothing overtake an operation waiting to retry', () => {
    const ops = [op('a', { seq: 1, nextAttemptAt: 5_000 }), op('b', { seq: 2 })];
    expect(nextStep(ops, 'me', 1_000)).toEqual({ type: 'wait', until: 5_000, op: ops[0] });
    expect(nextStep(ops, 'me', 5_000)).toMatchObject({ type: 'send', op: { id: 'a' } });
  });

  it('holds an operation until what it depends on is gone, and reports a failed dependency', () => {
    const report = op('report', { seq: 1, dependsOn: ['photo'] });
    expect(nextStep([report, op('photo', { seq: 2 })], 'me', 0)).toMatchObject({ type: 'send', op: { id: 'photo' } });
    expect(nextStep([report], 'me', 0)).toMatchObject({ type: 'send', op: { id: 'report' } });
    const refused = op('photo', { seq: 2, status: 'failed' });
    expect(nextStep([report, refused], 'me', 0)).toMatchObject({
      type: 'blocked',
      op: { id: 'report' },
      failedDependency: { id: 'photo' },
    });
  });

  it('is idle with nothing to send', () => {
    expect(nextStep([], 'me', 0)).toEqual({ type: 'idle' });
    expect(nextStep([op('a', { userId: 'them' })], 'me', 0)).toEqual({ type: 'idle' });
  });
});

describe('plainError', () => {
  it.each([
    ['not tried', {}, undefined],
    [
      'no answer',
      { lastError: 'No connection to the server', lastStatus: null },
      'No connection to the server. It is sent by itself when the connection returns.',
    ],
    [
      'server error',
      { lastError: 'Internal', lastStatus: 500 },
      'The server could not take it (error 500). The app tries again by itself.',
    ],
    ['busy', { lastError: 'Slow down', lastStatus: 429 }, 'The server is busy. The app tries again by itself.'],
    [
      'signed out',
      { lastError: 'Sign in again to send this', lastStatus: 401 },
      'You were signed out. Sign in again and it is sent.',
    ],
    ['photos first', { lastError: 'Waiting for photos to upload', lastStatus: 409 }, 'Waiting for photos to upload.'],
    [
      'refused',
      { lastError: 'Must be a number', lastStatus: 422, status: 'failed' },
      'The server refused it (error 422): Must be a number',
    ],
    [
      'blocked by a refused photo',
      { lastError: 'Waiting for a photo upload the server refused', status: 'failed' },
      'Waiting for a photo upload the server refused',
    ],
  ] as const)('%s', (_what, fields, text) => {
    expect(plainError({ status: 'pending', ...fields })).toBe(text);
  });
});

describe('dependentsOf', () => {
  it('finds what waits for an operation, directly and through others', () => {
    const ops = [
      op('photo'),
      op('report', { dependsOn: ['photo', 'signature'] }),
      op('removeDraft', { dependsOn: ['report'] }),
      op('other'),
    ];
    expect(dependentsOf(ops, 'photo').map((o) => o.id)).toEqual(['report', 'removeDraft']);
    expect(dependentsOf(ops, 'other')).toEqual([]);
  });
});
