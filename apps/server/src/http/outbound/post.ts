import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './target-safety.js';

/** Of an answer, this much is read (the rest is dropped). */
const RESPONSE_CAP = 64 * 1024;

export interface OutboundAnswer {
  statusCode: number | null;
  body: string;
  /** Why no answer came (refused address, timeout, connection error); null when one did. */
  error: string | null;
}

/**
 * POSTs a body to a URL someone else gave us (a webhook receiver, a push service), connecting only to addresses
 * the guard allows, within `timeoutMs` for the whole answer, and reading at most 64 KB of it. Never throws.
 */
export function postOutbound(
  url: URL,
  body: string | Buffer,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<OutboundAnswer> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const tooSlow = () => new Error(`No answer within ${opts.timeoutMs / 1000} s`);
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_CAP) chunks.push(c.subarray(0, RESPONSE_CAP - size));
          size += c.length;
          if (size >= RESPONSE_CAP) res.destroy();
        });
        const done = () =>
          resolve({ statusCode: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
        res.on('end', done);
        res.on('close', done);
      },
    );
    const deadline = setTimeout(() => req.destroy(tooSlow()), opts.timeoutMs);
    req.on('timeout', () => req.destroy(tooSlow()));
    req.on('error', (err) => resolve({ statusCode: null, body: '', error: err.message }));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
