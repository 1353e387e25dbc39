import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, getQueryFn, retryAfterMs } from './api-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const refused = (seconds: string | null) =>
  new Response(
    JSON.stringify({
      error: { code: 'rate_limited', message: `Too many requests. Please wait ${seconds} seconds and try again.` },
    }),
    { status: 429, headers: seconds === null ? {} : { 'Retry-After': seconds } },
  );
const sites = () => new Response(JSON.stringify({ items: [], total: 0 }), { status: 200 });

/** fetch answering each call with the next of `answers`; the calls are counted. */
function serverAnswering(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => answers.shift()!());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('a read refused as too many (429)', () => {
  it('is asked again once, after the wait the server named, and the screen gets the answer', async () => {
    vi.useFakeTimers();
    const fetchMock = serverAnswering(() => refused('3'), sites);
    const answer = api.get('/api/sites');
    await vi.advanceTimersByTimeAsync(2_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    await expect(answer).resolves.toEqual({ items: [], total: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refused again, fails with the server sentence (not its JSON) and asks no more', async () => {
    vi.useFakeTimers();
    const fetchMock = serverAnswering(
      () => refused('2'),
      () => refused('2'),
    );
    const query = getQueryFn({ on401: 'throw' })({ queryKey: ['/api/sites'] } as never);
    const failed = expect(query).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof ApiError &&
        e.status === 429 &&
        e.message === '429: Too many requests. Please wait 2 seconds and try again.',
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits at most a minute, and a second without a usable Retry-After', () => {
    expect(retryAfterMs(refused('5'))).toBe(5_000);
    expect(retryAfterMs(refused('3600'))).toBe(60_000);
    expect(retryAfterMs(refused(null))).toBe(1_000);
    expect(retryAfterMs(refused('soon'))).toBe(1_000);
  });

  it('is not how writes are sent: a refused save is the outbox to retry', async () => {
    const fetchMock = serverAnswering(() => refused('1'));
    await expect(api.post('/api/drafts', {})).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a failed call as text', () => {
  it("carries the server's sentence, never its JSON or an HTML error page", async () => {
    serverAnswering(
      () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'Report not found' } }), { status: 404 }),
      () => new Response('<html><body>Bad gateway</body></html>', { status: 502 }),
    );
    await expect(api.get('/api/reports/x')).rejects.toThrow(/^404: Report not found$/);
    await expect(api.get('/api/reports/x')).rejects.toThrow(/^502: request failed \(502\)$/);
  });
});
