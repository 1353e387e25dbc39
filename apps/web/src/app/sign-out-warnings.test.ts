import { describe, expect, it } from 'vitest';
import { signOutWarnings } from './sign-out-warnings';

describe('signOutWarnings', () => {
  it('says nothing when nothing waits and the phone is online', () => {
    expect(signOutWarnings({ waiting: 0, online: true })).toEqual([]);
  });

  it('counts what waits to be sent, in the singular and the plural', () => {
    expect(signOutWarnings({ waiting: 1, online: true })).toEqual([
      '1 item on this phone has not been sent yet. It stays here, and is sent only once you sign in again.',
    ]);
    expect(signOutWarnings({ waiting: 3, online: true })[0]).toMatch(/^3 items on this phone have not been sent yet/);
  });

  it('warns that signing in again needs a connection', () => {
    expect(signOutWarnings({ waiting: 2, online: false })).toEqual([
      expect.stringMatching(/^2 items/),
      'This phone has no connection, so you cannot sign in again until it has one.',
    ]);
  });
});
