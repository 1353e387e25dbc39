import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PasswordQueue } from './password-queue.js';

export { HASHING_RETRY_SECONDS, PasswordHashingBusy } from './password-queue.js';

// scrypt from Node's crypto (OpenSSL), with OWASP's recommended cost unless PASSWORD_HASH_COST says otherwise
// (a test server's); no home-made crypto. Each hash names its own cost, so changing it locks nobody out.
let N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

/**
 * scrypt already runs off the main thread (libuv's pool), but each one takes a core and 128 MB for a
 * fraction of a second: a flood of them starved every other request. At most `concurrency` run at once
 * and `queue` more wait, shared out fairly between addresses; past that the caller is told to come back
 *.
 */
/** Attempts in the window past which an address is more than one person's first tries: a typo or two. */
const REPEATS_AFTER = 3;
const line = new PasswordQueue(Math.max(1, availableParallelism() - 1), 10, REPEATS_AFTER);

export function configurePasswordHashing(opts: { concurrency: number; queue: number; cost?: number }) {
  line.configure(opts.concurrency, opts.queue);
  if (opts.cost !== undefined) N = 2 ** opts.cost;
}

/**
 * Holds the one password check an address may have waiting or running; undefined while it has one. The
 * returned function lets it go, once the attempt is answered.
 */
export const holdPasswordCheck = (address: string) => line.hold(address);

/** Whether a check for an address that has made `attempts` would be given a place now (to run, or to wait). */
export const passwordCheckHasRoom = (attempts: number) => line.wouldPlace(attempts);

/** `attempts`: how many its address has made in the window; fewer go first. */
function derive(password: string, salt: Buffer, opts: ScryptOptions, attempts: number): Promise<Buffer> {
  return line.run(
    attempts,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p }, 0);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** How many password checks and hashes were given a place (to run, or wait in line), for tests of the limits. */
export const passwordChecks = () => line.placed;

/** `attempts`: how many the caller's address has made in the window (its place in line). */
export async function verifyPassword(password: string, stored: string, attempts = 0): Promise<boolean> {
  const [algo, n, rr, pp, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(rr), p: Number(pp) },
    attempts,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Compared against when the email is unknown, so a sign-in takes as long either way. */
export const dummyHash = () =>
  `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
