import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * The calls the data layer makes. Errors are the api client's ApiError (status, body) or, with no
 * answer at all, a network or timeout error; the outbox decides from that whether to retry.
 */
export interface Transport {
  getJson<T>(path: string): Promise<T>;
  postJson<T>(path: string, body: unknown, timeoutMs?: number): Promise<T>;
  delete(path: string, timeoutMs?: number): Promise<void>;
  /** Sends raw bytes (photos, signatures) with the blob's own content type. */
  putBlob(path: string, blob: Blob, timeoutMs?: number): Promise<void>;
}

const signal = (ms?: number) => (ms ? { signal: AbortSignal.timeout(ms) } : {});

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The app's own fetch client (lib/api-client) for JSON; a plain PUT for image bytes, which it does not send. */
export const browserTransport: Transport = {
  getJson: (path) => apiRequest('GET', path).then((r) => parse(r)),
  postJson: (path, body, timeoutMs) => apiRequest('POST', path, body, signal(timeoutMs)).then((r) => parse(r)),
  delete: async (path, timeoutMs) => {
    await apiRequest('DELETE', path, undefined, signal(timeoutMs));
  },
  putBlob: async (path, blob, timeoutMs) => {
    const res = await fetch(path, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': blob.type || 'application/octet-stream' },
      body: blob,
      ...signal(timeoutMs),
    });
    if (res.ok) return;
    const text = (await res.text()) || res.statusText;
    let payload: ConstructorParameters<typeof ApiError>[2];
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
    throw new ApiError(res.status, text, payload);
  },
};
