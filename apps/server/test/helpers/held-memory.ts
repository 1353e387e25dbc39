import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What the process holds (heap and buffers) after a full collection. Twice, a turn of the event loop apart: the
 * buffers a collection frees are released by a background thread, and counted until then.
 */
export async function held() {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/**
 * Watches the held memory while a download is read: measured at the start, then again each time another 4 MB has
 * passed (a full collection each time, so not at every chunk). `riseMb` is the highest seen over the start, in MB.
 */
export async function heldMemoryWatch() {
  const before = await held();
  let peak = before;
  let passed = 0;
  let nextLook = 0;
  return {
    async passing(bytes: number) {
      passed += bytes;
      if (passed < nextLook) return;
      peak = Math.max(peak, await held());
      nextLook = passed + 4 * MB;
    },
    riseMb: () => (peak - before) / MB,
  };
}
