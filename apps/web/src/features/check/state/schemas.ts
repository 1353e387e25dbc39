import type { WizardData } from '@hiu/domain';
import type { WizardState } from './wizard-state-schema';

/** The check's schemas (zod, about 25 KB gzip). */
export type Schemas = typeof import('./wizard-state-schema');

/** Reads back a stored copy (the phone's, a queued one, the server's); undefined when this version cannot. */
export interface CopyChecks {
  parseWizardState(value: unknown): Promise<WizardState | undefined>;
  parseWizardData(value: unknown): Promise<WizardData | undefined>;
}

type Check = keyof CopyChecks;
export interface CheckRequest {
  id: number;
  check: Check;
  value: unknown;
}
export interface CheckAnswer {
  id: number;
  result: unknown;
}

/**
 * Checks in-thread, loading the schemas the first time a copy must be read. A failed download (offline,
 * before the service worker has it) may be retried.
 */
export function inThreadChecks(loader: () => Promise<Schemas> = () => import('./wizard-state-schema')): CopyChecks {
  let loading: Promise<Schemas> | undefined;
  const load = () =>
    (loading ??= loader().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    parseWizardState: async (value) => (await load()).parseWizardState(value),
    parseWizardData: async (value) => (await load()).parseWizardData(value),
  };
}

/**
 * Checks on a worker thread: building the schemas and reading a copy is a task of 70-135 ms on the page's own
 * thread at 4x CPU, a freeze of the screen a returning engineer has just opened. The worker starts with the first
 * copy to check, so a fresh check never loads it; if it cannot start, the next check tries again.
 */
export function workerChecks(start: () => Worker): CopyChecks {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const fail = (error: unknown) => {
    worker?.terminate();
    worker = undefined;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const running = (): Worker => {
    if (worker) return worker;
    const w = start();
    w.onmessage = (event: MessageEvent<CheckAnswer>) => {
      const { id, result } = event.data;
      waiting.get(id)?.resolve(result);
      waiting.delete(id);
    };
    w.onerror = (event) => {
      event.preventDefault();
      fail(new Error(`The check's data could not be read: ${event.message || 'its code did not load'}`));
    };
    return (worker = w);
  };
  const ask = (check: Check, value: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      try {
        running().postMessage({ id, check, value } satisfies CheckRequest);
      } catch (error) {
        waiting.delete(id);
        fail(error);
        reject(error);
      }
    });
  return {
    parseWizardState: (value) => ask('parseWizardState', value) as Promise<WizardState | undefined>,
    parseWizardData: (value) => ask('parseWizardData', value) as Promise<WizardData | undefined>,
  };
}

/** The app's one checker: on a worker in browsers that have them, in-thread elsewhere (tests). */
export const copyChecks: CopyChecks =
  typeof Worker === 'undefined'
    ? inThreadChecks()
    : workerChecks(() => new Worker(new URL('./copy-check.worker.ts', import.meta.url), { type: 'module' }));
