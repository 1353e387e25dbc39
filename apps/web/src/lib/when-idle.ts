const queue: (() => void)[] = [];
let scheduled = false;

function next() {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  const runOne = () => {
    scheduled = false;
    const run = queue.shift();
    try {
      run?.();
    } finally {
      next();
    }
  };
  if (window.requestIdleCallback) window.requestIdleCallback(runOne);
  else setTimeout(runOne, 1);
}

/**
 * Runs `run` once the page has loaded and the main thread is idle: for code that is needed soon, not first.
 * One job per idle callback: Chromium runs callbacks due together in one task, and a screen's early fetches
 * (each adds its chunks' preload links) made one long task of them.
 */
export function whenIdle(run: () => void): void {
  queue.push(run);
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}
