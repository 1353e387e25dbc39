import type { DBSchema } from 'idb';
import type { OutboxOp } from './outbox';

// Names and shape only (no code from the store), so the sign-out's count of waiting work stays small.

export const DEVICE_DB_NAME = 'hiu-commissioning';
export const DEVICE_DB_VERSION = 1;

/** A photo or signature as kept on the device until the server has it (and for showing it offline). */
export interface DeviceFile {
  id: string;
  userId: string;
  kind: 'photo' | 'signature' | 'original';
  blob: Blob;
  createdAt: string;
  /** True once the server has confirmed it; the blob stays while the check or a queued report refers to it. */
  uploaded: boolean;
}

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
