// Engineers at work, paced as they are in the field: each engineer's phone saves its draft on its own
// clock, every few seconds, and reports are started at an even pace. autocannon's rate limit cannot do
// this: it gives every connection a whole number of requests per second and refills them all on the same
// timer tick, so 200 engineers "every 3 s" became 67 connections that all sent at the same millisecond,
// every second (scripts/bench/README.md). The draft savers run in a worker thread of their own so that sending
// photos (300 KB each) from this thread does not delay their clocks or their timings.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** Requests not answered within this long count as errors (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;

/** One HTTP request on a keep-alive agent; resolves with the status (0 for a socket error or a timeout). */
function send(agent, url, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const req = http.request(new URL(path, url), { method, agent, headers, timeout: TIMEOUT_MS }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Calls `request(due)` at `due = start + offset + i * everyMs` for i = 0, 1, ... until `seconds` have passed, one
 * at a time (a phone waits for its save before the next). A call that starts late because the one before it was
 * slow is timed from when it was due, so a slow server is not hidden by the waiting (coordinated omission).
 */
async function onClock({ start, offset, everyMs, seconds, request }) {
  const end = start + seconds * 1000;
  for (let i = 0; ; i++) {
    const due = start + offset + i * everyMs;
    if (due >= end) return;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await request(due);
  }
}

const ok = (status) => status >= 200 && status < 300;

/** The draft savers (run in a worker): every engineer saves every `everyMs`, each at its own random phase. */
async function saveDrafts({ url, bodies, cookies, everyMs, seconds }) {
  const latencies = [];
  /** When each save was due, in ms since the epoch (beside its latency), so a caller can pick a time window. */
  const dueAt = [];
  let errors = 0;
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  const start = performance.now() + 50;
  await Promise.all(
    bodies.map((body, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers = { 'content-type': 'application/json', cookie: cookies[i % cookies.length] };
      return onClock({
        start,
        offset: Math.random() * everyMs,
        everyMs,
        seconds,
        request: async (due) => {
          const status = await send(agent, url, { method: 'POST', path: '/api/drafts', headers, body });
          latencies.push(performance.now() - due);
          dueAt.push(performance.timeOrigin + due);
          if (!ok(status)) errors++;
        },
      }).finally(() => agent.destroy());
    }),
  );
  eld.disable();
  return { latencies, dueAt, errors, loadGeneratorDelayP99: eld.percentile(99) / 1e6 };
}

if (!isMainThread && workerData?.role === 'drafts') {
  parentPort.postMessage(await saveDrafts(workerData));
}

/** Draft saves from `bodies.length` engineers, in a worker thread; resolves with their latencies in ms. */
export function draftSavers(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'drafts', ...options } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * Reports started at an even pace (`perSecond`), each sent as a phone sends it: its photo and signature
 * uploaded, then the report (`report()` gives the three requests). `phones` keep-alive connections take
 * turns. Resolves with the latency of each report's last request (the submit), in ms.
 */
export async function reportSenders({ url, perSecond, phones, seconds, report }) {
  const latencies = [];
  let requests = 0;
  let errors = 0;
  const start = performance.now() + 50;
  await Promise.all(
    Array.from({ length: phones }, (_, p) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      return onClock({
        start,
        offset: (p * 1000) / perSecond,
        everyMs: (1000 * phones) / perSecond,
        seconds,
        request: async () => {
          const steps = report();
          for (const [n, step] of steps.entries()) {
            const sent = performance.now();
            requests++;
            if (!ok(await send(agent, url, step))) {
              errors++;
              return;
            }
            if (n === steps.length - 1) latencies.push(performance.now() - sent);
          }
        },
      }).finally(() => agent.destroy());
    }),
  );
  return { latencies, requests, errors };
}

/** The p-th percentile (0-100) of a list of numbers, nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
