import { createRequire } from 'node:module';
import net from 'node:net';
import type { Server } from 'node:http';

// web-push-testing: a stand-in push service that speaks the Web Push protocol (RFC 8030/8291 and VAPID), checks
// each message's VAPID signature and decrypts it, since the real push services cannot be reached from tests.
const require = createRequire(import.meta.url);
const TestingServer = require('web-push-testing/src/server.js') as new (
  model: unknown,
  port: number,
) => { startServer(): void; _server: Server };
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  /** A browser's subscription made with the server's public key, as PushManager.subscribe() would give it. */
  subscribe(applicationServerKey: string): Promise<StandInSubscription>;
  /** The decrypted messages this subscription received, oldest first. */
  messages(sub: StandInSubscription): Promise<unknown[]>;
  /** The browser unsubscribed: the service answers 410 from now on. */
  expire(sub: StandInSubscription): Promise<void>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export async function pushService(): Promise<PushService> {
  const port = await freePort();
  const server = new TestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // it announces its port on the console
  try {
    server.startServer();
    await new Promise<void>((resolve) =>
      server._server.listening ? resolve() : server._server.once('listening', () => resolve()),
    );
  } finally {
    console.log = log;
  }
  const base = `http://localhost:${port}`;
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`push stand-in ${path}: ${res.status} ${await res.text()}`);
    return res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { data: unknown }) : undefined;
  };
  return {
    async subscribe(applicationServerKey) {
      const answer = await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return answer!.data as StandInSubscription;
    },
    async messages(sub) {
      const answer = await call('/get-notifications', { clientHash: sub.clientHash });
      return (answer!.data as { messages: unknown[] }).messages;
    },
    async expire(sub) {
      await call(`/expire-subscription/${sub.clientHash}`);
    },
    stop: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
