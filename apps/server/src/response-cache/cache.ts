/**
 * Responses of the busiest reads, cached per caller until a change may have made them stale.
 *
 * A cached response names what it was made from (tags: a site, a person, the list of sites). Each change the
 * database announces bumps a counter and marks its tags with it. An answer stands while none of its tags, and
 * no "everything", was marked after its read began, so a change that lands while a read is under way keeps
 * that read's answer out of the cache. Without a live change-notification channel nothing is cached.
 */
export interface CachedResponse {
  /** The body as sent: bytes, so sending it again copies nothing (a string is encoded anew for each send). */
  payload: Buffer | string;
  etag: string;
}

interface Entry extends CachedResponse {
  tags: readonly string[];
  begun: number;
  until: number;
  bytes: number;
}

/** What an entry costs besides its body: its key, tags and the map's own bookkeeping, roughly. */
const OVERHEAD_BYTES = 300;

/** Tags whose change marks are kept; past this every mark is folded into one "everything" mark. */
const MAX_MARKS = 100_000;
export const EVERYTHING = '*';

export interface ResponseCacheOptions {
  /** Most memory the kept answers take, in bytes, least recently used dropped first; 0 keeps none. */
  maxBytes: number;
  /** The longest an answer is kept, in ms, however quiet the database. */
  ttlMs: number;
  now?: () => number;
}

export type ResponseCache = ReturnType<typeof responseCache>;

export function responseCache({ maxBytes, ttlMs, now = Date.now }: ResponseCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const marks = new Map<string, number>();
  let counter = 1;
  let everythingAt = 0;
  let live = false;

  const stands = (tags: readonly string[], begun: number) => {
    if (everythingAt >= begun) return false;
    for (const tag of tags) if ((marks.get(tag) ?? 0) >= begun) return false;
    return true;
  };
  const forgetEverything = () => {
    everythingAt = counter++;
    entries.clear();
    bytes = 0;
    marks.clear();
  };

  return {
    get enabled() {
      return maxBytes > 0 && live;
    },
    /** Whether changes are being heard; while not, nothing is kept or served. */
    setLive(on: boolean) {
      live = on;
      forgetEverything();
    },
    /** A read is about to be made: the mark its answer must be newer than. 0 when nothing can be kept. */
    begin(): number {
      return maxBytes > 0 && live ? counter : 0;
    },
    get(key: string): CachedResponse | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      drop(key);
      if (!live || entry.until <= now() || !stands(entry.tags, entry.begun)) return undefined;
      entries.set(key, entry); // most recently used last
      bytes += entry.bytes;
      return entry;
    },
    /** Keeps an answer whose read began at `begun`, unless a change to any of its tags was heard since. */
    keep(key: string, begun: number, tags: readonly string[], answer: CachedResponse): boolean {
      const size = answer.payload.length + key.length + OVERHEAD_BYTES;
      // One answer may take a sixteenth of the room at most, so a few big lists cannot push out every other.
      if (begun === 0 || !live || size > maxBytes / 16 || !stands(tags, begun)) return false;
      drop(key);
      entries.set(key, { ...answer, tags, begun, until: now() + ttlMs, bytes: size });
      bytes += size;
      while (bytes > maxBytes) drop(entries.keys().next().value!);
      return true;
    },
    /** A change was announced: what it names is stale from now on. */
    changed(tags: readonly string[]) {
      if (tags.includes(EVERYTHING) || marks.size + tags.length > MAX_MARKS) return forgetEverything();
      const at = counter++;
      for (const tag of tags) marks.set(tag, at);
    },
    forgetEverything,
    /** Answers kept and the bytes they take. */
    get size() {
      return { answers: entries.size, bytes };
    },
  };
}

/** A notice's tags, as the database's read_changes_announce writes them. */
export const noticeTags = (payload: string): string[] => payload.split(',').filter(Boolean);
