import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** The real server as a child process (`node --import tsx apps/server/src/main.ts`), on its own port and data. */
export function serverProcess(opts: { port: number; env: Record<string, string> }) {
  let child: ChildProcess | undefined;
  let output = '';
  const base = `http://127.0.0.1:${opts.port}`;

  async function start(timeoutMs = 90_000) {
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(opts.port),
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(repoRoot, 'no-web-app'),
        // A digest falling due mid-test would be one more mail or entry than the test sent.
        NOTIFICATION_DIGESTS: 'false',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`server did not start in ${timeoutMs} ms:\n${output}`);
  }

  /** kill -9: no shutdown hooks, no flushing, whatever was in flight is cut. */
  async function kill() {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await gone;
  }

  async function stop() {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  }

  return { start, kill, stop, base, output: () => output, pid: () => child?.pid };
}

export interface Answer {
  status: number;
  body: string;
  /** The body's bytes, when asked for (`binary`). */
  bytes?: Buffer;
}

/**
 * Sends a JSON request and calls `onSent` once the whole body has left (the moment to pull the plug);
 * resolves with the answer, or with status 0 when the connection was cut first.
 */
export function send(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; raw?: Buffer; type?: string; binary?: boolean; onSent?: () => void } = {},
) {
  return new Promise<Answer>((resolve) => {
    const payload = opts.raw ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
    const req = http.request(`${base}${url}`, {
      method,
      headers: {
        ...(payload ? { 'content-type': opts.type ?? 'application/json', 'content-length': payload.length } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      const body = () => Buffer.concat(parts);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: body().toString('utf8'),
          ...(opts.binary ? { bytes: body() } : {}),
        }),
      );
      res.on('error', () => resolve({ status: 0, body: body().toString('utf8') }));
    });
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.on('finish', () => opts.onSent?.());
    req.end(payload);
  });
}
