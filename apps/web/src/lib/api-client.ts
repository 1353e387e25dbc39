import type { QueryFunction } from '@tanstack/react-query';
import type { ApiError as ApiErrorBody } from '@hiu/domain';

/** Text fit to show: the body unless it is JSON or HTML (a proxy's error page), else the status's name. */
const plainBody = (status: number, text: string) =>
  /^\s*[[{<]/.test(text) || text.trim() === '' ? `request failed (${status})` : text;

/**
 * A non-successful answer. `message` is "{status}: {the server's sentence}", never its JSON or an HTML page
 * (docs/product.md#messages-and-errors); screens say it in words with <Problem>.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly payload: ApiErrorBody | null,
  ) {
    super(`${status}: ${payload ? payload.error.message : plainBody(status, bodyText)}`);
  }
  /** The server's own message when it sent one, for toasts. */
  get userMessage(): string {
    return this.payload?.error.message ?? this.message;
  }
  get fieldErrors(): Record<string, string> {
    return this.payload?.error.fields ?? {};
  }
}

/** Throws the answer as an ApiError unless it is a success. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let payload: ApiErrorBody | null = null;
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed && typeof parsed === 'object' && 'error' in parsed) payload = parsed;
  } catch {
    payload = null;
  }
  throw new ApiError(res.status, text, payload);
}

/** The longest a refused read waits before it is asked again (the server's default window is 10 s). */
export const MAX_READ_WAIT_MS = 60_000;

/** How long the server asked a refused caller to wait (Retry-After, in seconds), within MAX_READ_WAIT_MS. */
export function retryAfterMs(res: Pick<Response, 'headers'>): number {
  const seconds = Number(res.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(MAX_READ_WAIT_MS, seconds * 1000) : 1000;
}

/**
 * A read, asked once more after the wait the server names when it answers 429 (too many reads);
 * refused again, the caller gets that answer. Reads change nothing, so asking again is always safe.
 */
export async function fetchRead(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, { credentials: 'include', ...init });
  if (res.status !== 429) return res;
  await res.body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, retryAfterMs(res)));
  return fetch(path, { credentials: 'include', ...init });
}

/** Every call sends credentials; bodies are JSON (docs/product.md#messages-and-errors). */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const res =
    method === 'GET' && body === undefined
      ? await fetchRead(path, init)
      : await fetch(path, {
          method,
          credentials: 'include',
          ...init,
          headers: body !== undefined ? { 'Content-Type': 'application/json', ...init.headers } : init.headers,
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
  await throwIfNotOk(res);
  return res;
}

/** The answer's JSON body; undefined when it has none. */
export async function json<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest('GET', path).then((r) => json<T>(r)),
  post: <T>(path: string, body?: unknown) => apiRequest('POST', path, body ?? {}).then((r) => json<T>(r)),
  patch: <T>(path: string, body: unknown) => apiRequest('PATCH', path, body).then((r) => json<T>(r)),
  put: <T>(path: string, body: unknown) => apiRequest('PUT', path, body).then((r) => json<T>(r)),
  delete: <T = void>(path: string, body?: unknown) => apiRequest('DELETE', path, body).then((r) => json<T>(r)),
};

/** The default fetch: GET the path made by joining the query key with slashes. */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = queryKey
      .map(String)
      .join('/')
      .replace(/\/{2,}/g, '/');
    const res = await fetchRead(path);
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return json<T>(res);
  };
}

/** Saves a downloaded file under a name, the way a browser download link does. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', path);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  saveBlob(await res.blob(), name);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
