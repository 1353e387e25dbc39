import type { Db } from '../db/client.js';

// Whether the servers on a database send email (SMTP_URL is set): a notice then also queues its mail. Kept per
// database handle, so an app without SMTP beside one with it (as in tests) queues none.
const mailing = new WeakSet<Db>();

export const mailIsOn = (db: Db) => mailing.has(db);

export function turnMailOn(db: Db, on: boolean): void {
  if (on) mailing.add(db);
  else mailing.delete(db);
}
