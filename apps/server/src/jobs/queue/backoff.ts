/**
 * Seconds to wait before attempt `attempt + 1` after `attempt` failed: 10 s, 20 s, 40 s ... doubling up to an
 * hour, with up to a fifth added at random so that jobs failed together are not all tried again together.
 */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + random() / 5));
}
