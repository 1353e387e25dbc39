import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { HttpError } from './errors.js';

// scrypt from Node's crypto (OpenSSL), with OWASP's recommended cost; no home-made crypto.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

/**
 * scrypt already runs off the main thread (libuv's pool), but each one takes a core and 128 MB for a
 * fraction of a second: a flood of them starved every other request. At most `concurrency` run at once
 * and `queue` more wait; past that the caller is told to come back (decision 110).
 */
const limit = pLimit(Math.max(1, availableParallelism() - 1));
let queue = 10;

export function configurePasswordHashing(opts: { concurrency: number; queue: number }) {
  limit.concurrency = Math.max(1, opts.concurrency);
  queue = opts.queue;
}

/** Seconds a caller refused for lack of hashing capacity is asked to wait. */
export const HASHING_RETRY_SECONDS = 5;

export class PasswordHashingBusy extends HttpError {
  constructor() {
    super(503, 'busy', 'The server is busy signing people in. Please try again in a few seconds.', undefined, {
      'Retry-After': String(HASHING_RETRY_SECONDS),
    });
  }
}

/** Whether a password check asked for now would be refused (no room to run or wait). */
export const passwordHashingFull = () => limit.activeCount + limit.pendingCount >= limit.concurrency + queue;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  if (passwordHashingFull()) return Promise.reject(new PasswordHashingBusy());
  return limit(
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
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

let checks = 0;
/** How many password checks have been asked for, for tests of the sign-in limits. */
export const passwordChecks = () => checks;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (passwordHashingFull()) throw new PasswordHashingBusy();
  checks++;
  const [algo, n, rr, pp, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(rr), p: Number(pp) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Compared against when the email is unknown, so a sign-in takes as long either way. */
export const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
