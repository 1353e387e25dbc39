import pg from 'pg';

/** Channel on which every server hears that sessions ended or a user changed. */
export const SESSION_CHANNEL = 'hiu_session_changes';
/** Channel on which every server hears which cached answers a change made stale. */
export const READ_CHANNEL = 'hiu_read_changes';

const FIRST_RETRY_MS = 1_000;
/** A settle round trip unanswered this long means the connection is gone (a silently dropped idle connection). */
const SETTLE_TIMEOUT_MS = 5_000;
const MAX_RETRY_MS = 30_000;

/**
 * Listens on PostgreSQL channels over a connection of its own, reconnecting with a growing pause if it drops.
 * `onLive(false)` runs when notices may be missed (the connection dropped) and `onLive(true)` when it listens
 * again, so the caller can forget whatever notices sent meanwhile would have told it.
 */
export function listenForNotices(opts: {
  databaseUrl: string;
  channels: Record<string, (payload: string) => void>;
  onLive: (live: boolean) => void;
  warn: (message: string) => void;
}) {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, reason: string) => {
    if (client !== c) return; // already handled
    client = undefined;
    listening = false;
    c.end().catch(() => undefined);
    if (closed) return;
    opts.onLive(false);
    opts.warn(`change listener lost its database connection (${reason}); retrying in ${retryMs / 1000} s`);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // Keep-alive probes find an idle connection a network device dropped without telling either end.
    const c = new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true });
    client = c;
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (msg) => {
      if (msg.payload) opts.channels[msg.channel]?.(msg.payload);
    });
    try {
      await c.connect();
      for (const channel of Object.keys(opts.channels)) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void c.end().catch(() => undefined);
      retryMs = FIRST_RETRY_MS;
      listening = true;
      opts.onLive(true); // notices sent while it was away are lost: the caller starts afresh
    } catch (err) {
      lost(c, err instanceof Error ? err.message : String(err));
    }
  }

  // settle(): one round trip on the listening connection. PostgreSQL sends a session the notices of every
  // transaction committed before a statement ahead of that statement's answer, so once it is back this server
  // has heard them. Calls while one is waiting to be sent share it.
  let sent: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const c = client;
    if (!c || !listening) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // Unanswered, the connection is taken as lost: nothing is remembered until it is back, and no write waits on.
      const timer = setTimeout(() => {
        lost(c, `no answer within ${SETTLE_TIMEOUT_MS / 1000} s`);
        resolve();
      }, SETTLE_TIMEOUT_MS);
      c.query('SELECT 1').then(
        () => (clearTimeout(timer), resolve()),
        () => (clearTimeout(timer), resolve()),
      );
    });
  };

  // Resolves once the first attempt is over, listening or not (a failed one keeps retrying in the background).
  const ready = connect();
  return {
    ready,
    settle(): Promise<void> {
      next ??= sent.then(() => {
        next = undefined;
        sent = roundTrip();
        return sent;
      });
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => undefined);
    },
  };
}
