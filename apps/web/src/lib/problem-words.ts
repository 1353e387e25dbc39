import { ApiError } from './api-client';

/** What went wrong, as a person would name it: each has its own sentence and its own way on. */
export type ProblemKind = 'offline' | 'signed_out' | 'forbidden' | 'not_found' | 'refused' | 'server';

export interface ProblemWords {
  kind: ProblemKind;
  sentence: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A sentence a person reads, or null when the text is JSON, HTML or a bare status (never shown). */
function readable(text: string | undefined): string | null {
  const t = text?.trim();
  if (!t || /^[[{<]/.test(t) || /^\d{3}\b/.test(t)) return null;
  return t;
}

/** A fetch that never reached the server (no signal, server down or unreachable). */
const unreached = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && /failed to fetch|network|load failed/i.test(error.message));

/**
 * Why `what` ("the report", "this site's dashboard") could not be loaded, in words (docs/product.md#messages-and-errors):
 * never a status code or the server's JSON.
 */
export function problemWords(
  error: unknown,
  what: string,
  online = typeof navigator === 'undefined' ? true : navigator.onLine,
): ProblemWords {
  if (!online || (!(error instanceof ApiError) && unreached(error)))
    return {
      kind: 'offline',
      sentence: `You are offline, so ${what} could not be loaded. It loads again when you have signal.`,
    };
  const status = error instanceof ApiError ? error.status : 0;
  const said = error instanceof ApiError ? readable(error.payload?.error.message) : null;
  if (status === 401) return { kind: 'signed_out', sentence: `You are signed out. Sign in again to see ${what}.` };
  if (status === 403) return { kind: 'forbidden', sentence: `You do not have access to ${what}.` };
  if (status === 404)
    return {
      kind: 'not_found',
      sentence: `${capitalised(what)} was not found: it may have been deleted, or the link may be wrong.`,
    };
  // Too many reads, a refused filter: the server's own sentence says what to do.
  if (status >= 400 && status < 500 && said) return { kind: 'refused', sentence: `Could not load ${what}: ${said}` };
  return {
    kind: 'server',
    sentence: `The server could not load ${what} just now. Try again in a minute; if it keeps happening, tell your admin.`,
  };
}
