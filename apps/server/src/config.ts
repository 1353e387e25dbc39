import { JOB_LEASE_SECONDS } from './jobs/queue/settings.js';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { DEFAULT_UNCLAIMED_LIMIT } from '@hiu/domain';
import type { ReadLimit } from './http/read-limit.js';
import type { S3Settings } from './files/s3-store.js';
import { pushSettings, type PushSettings } from './push/settings.js';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  /** Built web app to serve, if present. */
  webDist?: string;
  /** Force the Secure cookie flag (it is also set whenever the request came over HTTPS). */
  secureCookies: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe (client address for the sign-in limit, HTTPS for
   * HSTS and Secure cookies). Off by default, so a caller cannot forge them; behind a load balancer set
   * TRUST_PROXY to its addresses or subnets, comma-separated (e.g. 10.0.0.0/8, or loopback).
   */
  trustProxy: boolean | string;
  /**
   * How long a signed-in session is remembered in memory instead of read per call. Changes
   * made through this server apply at once; another server on the same database sees them within this time.
   */
  sessionCacheMs: number;
  /** Photos and signatures no report or draft refers to are deleted after this many hours. */
  orphanFileGraceHours: number;
  /** How often an idle server looks for queued jobs. */
  jobPollMs: number;
  /** How long a job is a server's before another may take it up (its server stopped); long jobs renew it. */
  jobLeaseSeconds: number;
  /** Webhooks may go over http and to private, loopback and link-local addresses. */
  webhookAllowPrivate: boolean;
  /** How long a built evidence pack can be downloaded, in hours. */
  evidencePackHours: number;
  /** Password hashes computed at once, and how many more may wait; past that a sign-in answers 503. */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /** scrypt's cost as a power of two (N = 2^cost): 17 by OWASP's advice; lower only on test servers. */
  passwordHashCost: number;
  /**
   * Slow or stalled connections are cut: a request's headers must arrive within headersTimeoutMs
   * and the whole request within requestTimeoutMs; a connection silent for idleTimeoutMs is closed, and an idle
   * keep-alive connection after keepAliveTimeoutMs (longer than a load balancer's own idle time).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  /**
   * How many photos and signatures, and how many bytes of them, one user may have uploaded that no report
   * has claimed yet; an upload beyond answers 429.
   */
  unclaimedUploads: { count: number; bytes: number };
  /**
   * Reads (GET) one API token, session or, without either, address may make per window on this server; past
   * that a read answers 429 with Retry-After. max 0 turns it off. At most atOnce of a caller's
   * reads are worked on at once; the rest wait their turn.
   */
  readLimit: ReadLimit;
  /**
   * Answers of the busiest reads kept per caller until the database announces a change to what they were made
   * from: at most `maxBytes` of them (0 turns it off), none for longer than `ttlMs`.
   */
  responseCache: { maxBytes: number; ttlMs: number };
  /**
   * Where uploaded file bytes go (docs/product.md#files): 'database' (the files table, the default) or 's3'
   * (an S3-compatible object store; the database keeps each file's row, hash and, while the store is down, its bytes).
   */
  fileStore: { kind: 'database' } | ({ kind: 's3' } & S3Settings);
  /**
   * Email (docs/product.md#notifications): sent through the SMTP server at `smtpUrl` (SMTP_URL, e.g.
   * smtps://user:password@mail.example.com); none is sent without it. `from` is MAIL_FROM; `appUrl` (APP_URL) is
   * the address people open the app at, for the links in each mail.
   */
  mail: { smtpUrl?: string; from: string; appUrl: string };
  /** Web Push (docs/product.md#push-notifications): on when the VAPID_* settings are given. */
  push?: PushSettings;
  /** Whether this server queues the daily and hourly digests (NOTIFICATION_DIGESTS, on unless `false`). */
  notificationDigests: boolean;
}

/** FILE_STORE and the S3_* settings; a missing one is a clear error at start. */
function fileStoreConfig(env: NodeJS.ProcessEnv): Config['fileStore'] {
  const kind = env.FILE_STORE ?? 'database';
  if (kind === 'database') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be database or s3, not "${kind}"`);
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`FILE_STORE=s3 needs ${name}`);
    return value;
  };
  return {
    kind,
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    timeoutMs: 1000 * positiveNumber(env.S3_TIMEOUT_SECONDS, 10),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function passwordHashCost(value: string | undefined): number {
  if (!value) return 17;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10 || n > 20) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from 10 to 20 (scrypt's N = 2^cost), got "${value}"`);
  }
  return n;
}

function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionCacheMs: 1000 * Number(env.SESSION_CACHE_SECONDS ?? 10),
    orphanFileGraceHours: positiveNumber(env.ORPHAN_FILE_GRACE_HOURS, 168),
    jobPollMs: 1000 * positiveNumber(env.JOB_POLL_SECONDS, 1),
    jobLeaseSeconds: positiveNumber(env.JOB_LEASE_SECONDS, JOB_LEASE_SECONDS),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    evidencePackHours: positiveNumber(env.EVIDENCE_PACK_HOURS, 168),
    passwordHashConcurrency: Math.max(1, count(env.PASSWORD_HASHES_AT_ONCE, availableParallelism() - 1)),
    passwordHashQueue: count(env.PASSWORD_HASH_QUEUE, 10),
    passwordHashCost: passwordHashCost(env.PASSWORD_HASH_COST),
    http: {
      headersTimeoutMs: 1000 * positiveNumber(env.HEADERS_TIMEOUT_SECONDS, 20),
      requestTimeoutMs: 1000 * positiveNumber(env.REQUEST_TIMEOUT_SECONDS, 300),
      idleTimeoutMs: 1000 * positiveNumber(env.IDLE_TIMEOUT_SECONDS, 60),
      keepAliveTimeoutMs: 1000 * positiveNumber(env.KEEP_ALIVE_SECONDS, 72),
    },
    unclaimedUploads: {
      count: Math.floor(positiveNumber(env.UNCLAIMED_UPLOADS_MAX_FILES, DEFAULT_UNCLAIMED_LIMIT.count)),
      bytes: Math.floor(
        positiveNumber(env.UNCLAIMED_UPLOADS_MAX_MB, DEFAULT_UNCLAIMED_LIMIT.bytes / 1024 / 1024) * 1024 * 1024,
      ),
    },
    readLimit: {
      max: count(env.READ_LIMIT, 600),
      windowMs: 1000 * positiveNumber(env.READ_LIMIT_SECONDS, 10),
      atOnce: Math.floor(positiveNumber(env.READS_AT_ONCE, 4)),
    },
    responseCache: {
      maxBytes: Math.round(1024 * 1024 * Number(count(env.ANSWER_CACHE_MB, 64))),
      ttlMs: 1000 * positiveNumber(env.ANSWER_CACHE_SECONDS, 60),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'HIU Commissioning <no-reply@localhost>',
      appUrl: (env.APP_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    },
    fileStore: fileStoreConfig(env),
    push: pushSettings(env),
    notificationDigests: env.NOTIFICATION_DIGESTS !== 'false',
  };
}
