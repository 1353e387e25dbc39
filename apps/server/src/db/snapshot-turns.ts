import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.js';

/**
 * Turns between commands and snapshot reads on the embedded database (decision 266). PGlite has one connection:
 * a transaction held open for a whole snapshot read (an evidence pack's) would keep every other request waiting
 * until it ends. So there a snapshot read runs its statements one at a time, between other requests' statements,
 * while commands wait for it to finish, and it waits for the commands already running. Every change a snapshot
 * read reads is made by a command (`runCommand`), except a draft's save, whose time the pack reads once per flat;
 * so the reads agree as one snapshot's would. PostgreSQL has a snapshot of its own and takes no turns.
 */
interface Turns {
  reads: number;
  commands: number;
  readsDone: (() => void)[];
  commandsDone: (() => void)[];
}

const turnsOf = new WeakMap<Db, Turns>();
/** Set while a command runs: a command it starts itself is part of it and does not wait. */
const inCommand = new AsyncLocalStorage<true>();

function turns(db: Db): Turns {
  let t = turnsOf.get(db);
  if (!t) turnsOf.set(db, (t = { reads: 0, commands: 0, readsDone: [], commandsDone: [] }));
  return t;
}

function wake(waiting: (() => void)[]) {
  for (const resolve of waiting.splice(0)) resolve();
}

/** The embedded database: its drizzle client is a PGlite (which has `waitReady`), not a pool. */
export function isEmbedded(db: Db): boolean {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null && 'waitReady' in client;
}

/** Runs a command once no snapshot read is reading; snapshot reads that start meanwhile wait for it. */
export async function commandTurn<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (inCommand.getStore()) return work();
  const t = turns(db);
  while (t.reads > 0) await new Promise<void>((resolve) => t.readsDone.push(resolve));
  t.commands++;
  try {
    return await inCommand.run(true, work);
  } finally {
    t.commands--;
    if (t.commands === 0) wake(t.commandsDone);
  }
}

/** Runs reads that must agree once the commands running have finished, with new commands waiting until they end. */
export async function readTurn<T>(db: Db, read: () => Promise<T>): Promise<T> {
  const t = turns(db);
  t.reads++;
  try {
    while (t.commands > 0) await new Promise<void>((resolve) => t.commandsDone.push(resolve));
    return await read();
  } finally {
    t.reads--;
    if (t.reads === 0) wake(t.readsDone);
  }
}
