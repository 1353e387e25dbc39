import type { CacheStorage } from './local-cache';
import type { CreateReportBody, Property, SaveDraftBody, Site, User } from '@hiu/domain';
import { defaultDesignParameters, referencedFileIds, wizardDataSchema } from '@hiu/domain';
import { ApiError } from '../../../lib/api-client';
import type { Transport } from './transport';

/** An in-memory localStorage that can be told to be full. */
export class MemoryStorage implements CacheStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export const USER: User = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  email: 'eve@example.com',
  name: 'Eve Engineer',
  role: 'engineer',
  active: true,
};
export const SITE: Site = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  name: 'Riverside',
  location: 'Leeds',
  availableBuildingTypes: ['1b2p', '2b4p'],
  designParameters: {
    ...defaultDesignParameters(),
    radiators: { '2b4p': { Hall: { expectedValveSetting: '2.5' }, Lounge: { expectedValveSetting: '3' } } },
  },
  propertyCount: 1,
};
export const PROPERTY: Property = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  siteId: SITE.id,
  address: '1 High Street',
  block: '',
  floor: '',
  propertyType: '2b4p',
};

const apiError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => {
  const body = { error: { code, message, ...extra } };
  return new ApiError(status, JSON.stringify(body), body as never);
};

type Failure = 'offline' | 500 | 503 | 401 | 422 | 'hang';

/**
 * A stand-in for the API with the behaviour the data layer relies on: idempotent ids, 409 for a report
 * whose photos have not arrived, 200 for a repeated report, 404 for an unknown draft, 409 with the stored
 * copy for a draft save older than it (decision 120). Failures can be
 * switched on for every call or for the next calls to one path.
 */
export class FakeServer implements Transport {
  readonly drafts = new Map<string, SaveDraftBody>();
  readonly files = new Map<string, Blob>();
  readonly reports = new Map<string, CreateReportBody>();
  readonly calls: string[] = [];
  /** Fails every call while set. */
  down: Failure | undefined;
  /** Fails the next calls whose "METHOD /path" starts with the key, once per entry. */
  readonly failNext: { match: string; failure: Failure }[] = [];
  sites: Record<string, Site> = { [SITE.id]: SITE };
  properties: Record<string, Property> = { [PROPERTY.id]: PROPERTY };

  private fail(call: string): void | Promise<never> {
    const i = this.failNext.findIndex((f) => call.startsWith(f.match));
    const failure = i >= 0 ? this.failNext.splice(i, 1)[0]!.failure : this.down;
    if (!failure) return;
    if (failure === 'hang') return new Promise<never>(() => {});
    if (failure === 'offline') throw new TypeError('Failed to fetch');
    if (failure === 401) throw apiError(401, 'unauthenticated', 'Please sign in');
    if (failure === 422)
      throw apiError(422, 'validation_failed', 'Must be a number', {
        fields: { 'wizardData.meterStart': 'Must be a number' },
      });
    throw apiError(failure, 'internal', 'Something went wrong on the server');
  }

  async getJson<T>(path: string): Promise<T> {
    const call = `GET ${path}`;
    this.calls.push(call);
    await this.fail(call);
    const [, , what, id] = path.split('/');
    if (what === 'auth') return USER as T;
    if (what === 'sites' && id && this.sites[id]) return this.sites[id] as T;
    if (what === 'properties' && id && this.properties[id]) return this.properties[id] as T;
    if (what === 'drafts' && id && this.drafts.has(id)) {
      const d = this.drafts.get(id)!;
      return { ...d, id, notes: d.notes ?? '', version: d.version ?? 0, lastSaved: new Date().toISOString() } as T;
    }
    throw apiError(404, 'not_found', 'Not found');
  }

  async postJson<T>(path: string, body: unknown): Promise<T> {
    const call = `POST ${path}`;
    this.calls.push(call);
    await this.fail(call);
    if (path === '/api/drafts') {
      const draft = structuredClone(body) as SaveDraftBody & { id: string };
      const stored = this.drafts.get(draft.id);
      const [had, version] = [stored?.version ?? 0, draft.version ?? 0];
      const same =
        JSON.stringify([stored?.currentStep, stored?.wizardData, stored?.notes ?? '']) ===
        JSON.stringify([draft.currentStep, draft.wizardData, draft.notes ?? '']);
      if (stored && !(had < version || (had === 0 && version === 0) || (had === version && same))) {
        throw apiError(409, 'draft_conflict', 'A newer copy of this draft is on the server', {
          draft: { ...stored, notes: stored.notes ?? '', version: had, lastSaved: new Date().toISOString() },
        });
      }
      this.drafts.set(draft.id, draft);
      return { id: draft.id, lastSaved: new Date().toISOString(), version } as T;
    }
    if (path === '/api/reports') {
      const report = structuredClone(body) as CreateReportBody;
      if (this.reports.has(report.id)) return { id: report.id } as T;
      const data = wizardDataSchema.parse(report.wizardData);
      const missing = referencedFileIds(data).filter((id) => !this.files.has(id));
      if (missing.length)
        throw apiError(409, 'missing_files', `Upload these files first: ${missing.join(', ')}`, {
          missingFileIds: missing,
        });
      this.reports.set(report.id, report);
      return { id: report.id } as T;
    }
    throw apiError(404, 'not_found', 'No such endpoint');
  }

  async delete(path: string): Promise<void> {
    const call = `DELETE ${path}`;
    this.calls.push(call);
    await this.fail(call);
    const id = path.split('/').pop()!;
    if (!this.drafts.delete(id)) throw apiError(404, 'not_found', 'Draft not found');
  }

  async putBlob(path: string, blob: Blob): Promise<void> {
    const call = `PUT ${path}`;
    this.calls.push(call);
    await this.fail(call);
    const id = path.split('/').pop()!.split('?')[0]!;
    this.files.set(id, blob);
  }
}

/** Lets IndexedDB (fake-indexeddb schedules with setImmediate) and promise chains run. */
export async function flushIo(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
