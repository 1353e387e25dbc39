import type { DBSchema } from 'idb';
import type { DeviceFile } from './device-store';
import type { OutboxOp } from './outbox';

// Names and shape only (no code from the store), so the sign-out's count of waiting work stays small.

export const DEVICE_DB_NAME = 'hiu-commissioning';
export const DEVICE_DB_VERSION = 1;

export interface StoredWizard {
  /** The user the state belongs to. */
  userId: string;
  /** The wizard state as written (parsed on read: it may come from an older version of the app). */
  state: unknown;
}

export interface DeviceDb extends DBSchema {
  wizard: { key: string; value: StoredWizard };
  files: { key: string; value: DeviceFile };
  outbox: { key: string; value: OutboxOp; indexes: { 'by-seq': number } };
}
