import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A page whose idle callbacks run only when the test says, and whose load event fires on `load()`. */
function fakePage(readyState: 'loading' | 'complete') {
  const idle: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const document = { readyState };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', {
    requestIdleCallback: (cb: () => void) => idle.push(cb),
    addEventListener: (type: string, cb: () => void) => type === 'load' && !onLoad.includes(cb) && onLoad.push(cb),
  });
  return {
    pendingIdle: () => idle.length,
    runIdle: () => idle.shift()?.(),
    load: () => {
      document.readyState = 'complete';
      onLoad.splice(0).forEach((cb) => cb());
    },
  };
}

describe('whenIdle', () => {
  it('runs one job per idle callback, in the order asked', async () => {
    const page = fakePage('complete');
    const { whenIdle } = await import('./when-idle');
    const ran: string[] = [];
    whenIdle(() => ran.push('photos'));
    whenIdle(() => ran.push('review'));
    whenIdle(() => ran.push('outbox'));
    expect(page.pendingIdle()).toBe(1);
    page.runIdle();
    expect(ran).toEqual(['photos']);
    page.runIdle();
    page.runIdle();
    expect(ran).toEqual(['photos', 'review', 'outbox']);
    expect(page.pendingIdle()).toBe(0);
  });

  it('waits for the page to load, and a failing job does not stop the next', async () => {
    const page = fakePage('loading');
    const { whenIdle } = await import('./when-idle');
    const ran: string[] = [];
    whenIdle(() => {
      throw new Error('chunk refused');
    });
    whenIdle(() => ran.push('review'));
    expect(page.pendingIdle()).toBe(0);
    page.load();
    expect(() => page.runIdle()).toThrow('chunk refused');
    page.runIdle();
    expect(ran).toEqual(['review']);
  });
});
