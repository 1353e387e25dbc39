import type { Db } from '../db/client.js';

// Whether the servers on a database send push messages (the VAPID settings are given): a notice then also queues
// a push per subscription. Kept per database handle, as the mail setting is, so apps with and without push beside
// each other (as in tests) each do what their settings say.
const pushing = new WeakSet<Db>();

export const pushIsOn = (db: Db) => pushing.has(db);

export function turnPushOn(db: Db, on: boolean): void {
  if (on) pushing.add(db);
  else pushing.delete(db);
}
