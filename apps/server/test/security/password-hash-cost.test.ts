import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { configurePasswordHashing, dummyHash, hashPassword, verifyPassword } from '../../src/http/passwords.js';

// PASSWORD_HASH_COST (README, settings): scrypt's cost as a power of two. Each hash names the cost it was made
// with, so a password keeps signing in when the setting changes.
describe('the password hashing cost', () => {
  const defaults = loadConfig({});
  afterEach(() =>
    configurePasswordHashing({
      concurrency: defaults.passwordHashConcurrency,
      queue: defaults.passwordHashQueue,
      cost: defaults.passwordHashCost,
    }),
  );

  it("is OWASP's scrypt N = 2^17 unless set, and only a whole power from 10 to 20 is taken", () => {
    expect(defaults.passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    for (const bad of ['9', '21', '12.5', 'high', '-1']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(
        /PASSWORD_HASH_COST must be a whole number from 10 to 20/,
      );
    }
  });

  it('hashes at the set cost, and a hash made at another cost still signs in', async () => {
    const before = await hashPassword('correct horse battery');
    expect(before).toMatch(/^scrypt\$131072\$/);
    configurePasswordHashing({ concurrency: 1, queue: 10, cost: 12 });
    const after = await hashPassword('correct horse battery');
    expect(after).toMatch(/^scrypt\$4096\$/);
    expect(await verifyPassword('correct horse battery', before)).toBe(true);
    expect(await verifyPassword('correct horse battery', after)).toBe(true);
    expect(await verifyPassword('wrong horse battery', after)).toBe(false);
  });

  it('an unknown email is checked at the set cost, so it takes as long as a known one', () => {
    expect(dummyHash()).toMatch(/^scrypt\$131072\$/);
    configurePasswordHashing({ concurrency: 1, queue: 10, cost: 12 });
    expect(dummyHash()).toMatch(/^scrypt\$4096\$/);
  });
});
