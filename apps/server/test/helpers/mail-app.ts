import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { smtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

export const MAIL_APP_URL = 'https://hiu.example.com';

/**
 * An app that sends email through a real SMTP server on loopback, beside the tests' own app (which sends none),
 * on the same database; started before the file's tests and closed after them.
 */
export function useMailApp(database: () => Promise<Database>) {
  let smtp: SmtpCatcher;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await smtpCatcher();
    const defaults = loadConfig({});
    const config = {
      ...defaults,
      webDist: undefined,
      logLevel: 'silent',
      jobPollMs: 200,
      readLimit: { ...defaults.readLimit, max: 0 },
      mail: { smtpUrl: smtp.url(), from: 'HIU Commissioning <hiu@example.com>', appUrl: MAIL_APP_URL },
    };
    app = await buildApp(config, await database(), { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });
  return { app: () => app, smtp: () => smtp };
}

/** Waits until `read` gives what `ok` accepts: the mail arrives through the queue in its own time. */
export async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A header as it was sent, whole (folded lines joined). */
export const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
