import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { problemWords } from './problem-words';

const answer = (status: number, message?: string) => {
  const body = message ? JSON.stringify({ error: { code: 'x', message } }) : '<html>Bad gateway</html>';
  return new ApiError(status, body, message ? { error: { code: 'x', message } } : null);
};

describe('why something could not be loaded, in words', () => {
  it('says not found, no access and signed out without the status or the JSON', () => {
    expect(problemWords(answer(404, 'Report not found'), 'the report', true)).toEqual({
      kind: 'not_found',
      sentence: 'The report was not found: it may have been deleted, or the link may be wrong.',
    });
    expect(problemWords(answer(403, 'Forbidden'), "this site's dashboard", true).sentence).toBe(
      "You do not have access to this site's dashboard.",
    );
    expect(problemWords(answer(401, 'Please sign in'), 'the report', true).kind).toBe('signed_out');
  });

  it("passes on the server's own sentence for a refusal, and never a 500's body", () => {
    expect(problemWords(answer(429, 'Too many requests. Please wait 1 second and try again.'), 'sites', true)).toEqual({
      kind: 'refused',
      sentence: 'Could not load sites: Too many requests. Please wait 1 second and try again.',
    });
    const server = problemWords(answer(500, 'Something went wrong on the server'), 'the report', true);
    expect(server.kind).toBe('server');
    expect(problemWords(answer(502), 'the report', true).sentence).not.toMatch(/html|502|\{/);
  });

  it('says offline when the phone has no signal or the fetch never reached the server', () => {
    expect(problemWords(new TypeError('Failed to fetch'), 'your flats', true)).toEqual({
      kind: 'offline',
      sentence: 'You are offline, so your flats could not be loaded. It loads again when you have signal.',
    });
    expect(problemWords(answer(500, 'x'), 'your flats', false).kind).toBe('offline');
  });
});
