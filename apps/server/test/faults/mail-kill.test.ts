import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess } from './helpers/server-process.js';

/**
 * kill -9 with mail queued and in flight (docs/product.md#notifications): the real server runs as a child process
 * with a slow SMTP server on loopback, six accounts are made (six mails), and the server is killed while the
 * first is being sent. After the restart every mail arrives, and any mail sent again carries the Message-ID
 * it had, so the receiving side sees one message each.
 */

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const PORT = 3704;
const ACCOUNTS = 6;

describe('server killed with mail queued', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-mail-kill-'));
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://localhost:5432/hiu_test';
  const dbName = `${new URL(base).pathname.slice(1) || 'hiu_test'}_mail_kill`;
  const dbUrl = (() => {
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const mails: ParsedMail[] = [];
  let receiving = 0;
  // Slow to accept each mail, so the kill lands while one is in flight.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      receiving++;
      simpleParser(stream).then((m) => {
        setTimeout(() => {
          mails.push(m);
          callback();
        }, 1500);
      }, callback);
    },
  });
  let smtpPort = 0;
  const server = serverProcess({
    port: PORT,
    env: {
      // A killed server's jobs are taken up again 3 s on, not a minute.
      JOB_LEASE_SECONDS: '3',
      get SMTP_URL() {
        return `smtp://127.0.0.1:${smtpPort}`;
      },
      MAIL_FROM: 'HIU <hiu@example.com>',
      ...(onPostgres ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir }),
    },
  });
  const admin = new pg.Client({ connectionString: base });

  afterAll(async () => {
    await server.kill();
    await new Promise<void>((r) => smtp.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) {
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });

  it('loses no mail and sends each again only under its own Message-ID', { timeout: 300_000 }, async () => {
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    smtpPort = (smtp.server.address() as { port: number }).port;
    if (onPostgres) {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${dbName}"`);
    }
    await server.start();
    const setup = await fetch(`${server.base}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', name: 'Ada Admin', password: 'a long password' }),
    });
    expect(setup.status).toBe(201);
    const cookie = setup.headers.get('set-cookie')!.split(';')[0]!;
    const addresses: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const email = `person-${i}@example.com`;
      const res = await fetch(`${server.base}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email, name: `Person ${i}`, role: 'engineer', password: 'a long password' }),
      });
      expect(res.status).toBe(201);
      addresses.push(email);
    }

    // Killed while the first mail is being accepted.
    const deadline = Date.now() + 60_000;
    while (receiving === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(receiving).toBeGreaterThan(0);
    await server.kill();
    await server.start();

    const to = (address: string) => mails.filter((m) => JSON.stringify(m.to).includes(address));
    const until = Date.now() + 180_000;
    while (addresses.some((a) => to(a).length === 0) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    for (const address of addresses) {
      const got = to(address);
      expect(got.length, address).toBeGreaterThanOrEqual(1);
      // Sent again after the kill, it is the same message.
      expect(new Set(got.map((m) => m.messageId)).size, address).toBe(1);
    }
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(ACCOUNTS);
  });
});
