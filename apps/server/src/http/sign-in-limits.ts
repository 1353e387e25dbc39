import type { AttemptLimit } from '../auth/repository.js';
import { HttpError } from './errors.js';

/** How sign-in attempts are limited. Every window is 15 minutes. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords for one account from one address: the guesser's own limit. */
const PER_ACCOUNT_AT_ADDRESS = 5;
/** Attempts from one address, any account (unknown emails included). */
const PER_ADDRESS = 30;
/**
 * Attempts on one account from every address: far above the per-address limit, so one attacker cannot lock
 * the owner out; reaching it takes many addresses, each slowed down on the way.
 */
const PER_ACCOUNT = 100;
/** Past this many attempts on an account, each further one waits a little longer before its check. */
const ACCOUNT_SLOW_AFTER = 10;
const ACCOUNT_DELAY_STEP_MS = 250;
const ACCOUNT_DELAY_MAX_MS = 5_000;

export function signInLimits(email: string, ip: string) {
  const pair: AttemptLimit = { key: `account-at-address:${email} ${ip}`, max: PER_ACCOUNT_AT_ADDRESS };
  const address: AttemptLimit = { key: `address:${ip}`, max: PER_ADDRESS };
  const account: AttemptLimit = { key: `account:${email}`, max: PER_ACCOUNT };
  // An attempt takes the address first, alone, then the pair and the account together in this order.
  return { pair, address, account, all: [pair, address, account] };
}

/** How long an attempt on an account that has seen `count` attempts in the window waits before its check. */
export const accountDelayMs = (count: number) =>
  Math.min(ACCOUNT_DELAY_MAX_MS, Math.max(0, count - ACCOUNT_SLOW_AFTER) * ACCOUNT_DELAY_STEP_MS);

export function tooManyAttempts(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    'rate_limited',
    `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Requests for a password-reset link from one address in the window: a person's tries, not a mailing run. */
export const RESETS_PER_ADDRESS = 10;

export const resetLimit = (ip: string): AttemptLimit => ({ key: `reset-at-address:${ip}`, max: RESETS_PER_ADDRESS });

/** The sign-in limit's refusal in the words of a password reset. */
export function tooManyResetRequests(refused: HttpError): HttpError {
  const seconds = Number(refused.headers?.['Retry-After'] ?? 60);
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    'rate_limited',
    `Too many requests for a new password from here. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    undefined,
    refused.headers,
  );
}
