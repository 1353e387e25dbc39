import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseFailure } from '../../src/http/errors.js';
import { findBadText } from '../../src/http/input-guard.js';

const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('database failures, through the wrappers that carry them', () => {
  it.each([
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      'unavailable',
    ],
    [
      'server shutting down (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
      'unavailable',
    ],
    ['connection failure (08006)', pgError('08006'), 'unavailable'],
    ['too many connections (53300)', pgError('53300'), 'unavailable'],
    ['lost connection without a code', new Error('Connection terminated unexpectedly'), 'unavailable'],
    [
      'client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
      'unavailable',
    ],
    ['pool exhausted', new Error('timeout exceeded when trying to connect'), 'unavailable'],
    ['embedded database closed', new Error('PGlite is closed'), 'unavailable'],
    [
      'refused address list',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'),
      'unavailable',
    ],
    ['NUL in text (22021)', pgError('22021'), 'data'],
    ['bad unicode escape in jsonb (22P05)', pgError('22P05'), 'data'],
    ['number out of range (22003)', pgError('22003'), 'data'],
    ['unique race (23505)', pgError('23505'), 'conflict'],
    ['foreign key race (23503)', pgError('23503'), 'conflict'],
    ['syntax error (42601): a bug, stays 500', pgError('42601'), undefined],
    ['plain bug', new TypeError('x is undefined'), undefined],
  ] as const)('%s', (_what, err, expected) => {
    expect(databaseFailure(err)).toBe(expected);
    expect(databaseFailure(wrapped(err))).toBe(expected);
    expect(databaseFailure(wrapped(wrapped(err)))).toBe(expected);
  });

  it('ignores what is not an error', () => {
    for (const v of [undefined, null, 'ECONNREFUSED', 42, { code: 42 }]) expect(databaseFailure(v)).toBeUndefined();
  });
});

describe('text the database cannot store', () => {
  it('finds NUL and lone surrogates in values and keys, anywhere, with their path', () => {
    expect(findBadText({ a: 'fine', b: ['ok', { c: 'x\u0000y' }] })).toEqual({
      path: 'b.1.c',
      message: 'Must not contain a NUL character',
    });
    expect(findBadText({ name: 'a\uD800' })).toEqual({ path: 'name', message: 'Contains an invalid character' });
    expect(findBadText({ name: '\uDC00b' })?.message).toBe('Contains an invalid character');
    expect(findBadText({ rooms: { 'Hall\u0000': {} } })).toEqual({
      path: 'rooms.Hall?',
      message: 'Must not contain a NUL character',
    });
    expect(findBadText('\u0000')).toEqual({ path: '(body)', message: 'Must not contain a NUL character' });
  });

  it('accepts every other text: emoji, accents, right-to-left, line breaks, control characters', () => {
    expect(findBadText({ a: '😀 café ﷺ \u202E x\ny\r\tz \u0007', b: [1, true, null, { c: '👩‍👩‍👧‍👦' }] })).toBeUndefined();
    expect(findBadText(Buffer.from([0, 0xd8, 0]))).toBeUndefined(); // uploaded bytes are not text
  });

  it('refuses nesting deeper than any real body, without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)?.message).toBe('Nested too deeply');
    let fine: unknown = 'x';
    for (let i = 0; i < 60; i++) fine = { a: fine };
    expect(findBadText(fine)).toBeUndefined();
  });
});
