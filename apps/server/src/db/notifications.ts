import pg from 'pg';

/** Channel on which every server hears that sessions ended or a user changed (decision 110). */
export const SESSION_CHANNEL = 'hiu_session_changes';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Listens on a PostgreSQL channel over a connection of its own, reconnecting with a growing pause if it drops.
 * `onGap` runs when notices may have been missed (the connection dropped, or came back), so the caller can forget
 * whatever those notices would have told it; until the connection is back the caller relies on its own expiry.
 */
export function listenForNotices(opts: {
  databaseUrl: string;
  channel: string;
  onNotice: (payload: string) => void;
  onGap: () => void;
  warn: (message: string) => void;
}) {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, reason: string) => {
    if (client !== c) return; // already handled
    client = undefined;
    c.end().catch(() => undefined);
    if (closed) return;
    opts.onGap();
    opts.warn(`session change listener lost its database connection (${reason}); retrying in ${retryMs / 1000} s`);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    client = c;
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel === opts.channel && msg.payload) opts.onNotice(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
      if (closed) return void c.end().catch(() => undefined);
      retryMs = FIRST_RETRY_MS;
      opts.onGap(); // notices sent while it was away are lost
    } catch (err) {
      lost(c, err instanceof Error ? err.message : String(err));
    }
  }

  // Resolves once the first attempt is over, listening or not (a failed one keeps retrying in the background).
  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
