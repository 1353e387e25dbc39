/** Runs `run` once the page has loaded and the main thread is idle: for code that is needed soon, not first. */
export function whenIdle(run: () => void): void {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
