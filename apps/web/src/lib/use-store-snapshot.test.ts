import { afterEach, describe, expect, it, vi } from 'vitest';

// The hook's React calls, observed: which state updates run inside a transition and which at once.
const react = vi.hoisted(() => {
  const calls: { value: unknown; inTransition: boolean }[] = [];
  let inTransition = false;
  return {
    calls,
    useState: <T>(initial: () => T) => [
      initial(),
      (next: () => unknown) => calls.push({ value: next(), inTransition }),
    ],
    useEffect: (effect: () => void | (() => void)) => void effect(),
    startTransition: (scope: () => void) => {
      inTransition = true;
      try {
        scope();
      } finally {
        inTransition = false;
      }
    },
  };
});
vi.mock('react', () => react);

const { useStoreSnapshot } = await import('./use-store-snapshot');

/** A store whose changes say whether the user made them, as the check's controller does. */
function store() {
  let value = 0;
  let urgent = false;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    isUrgent: () => urgent,
    change(next: number, byUser: boolean) {
      value = next;
      urgent = byUser;
      try {
        for (const l of listeners) l();
      } finally {
        urgent = false;
      }
    },
  };
}

afterEach(() => {
  react.calls.length = 0;
  vi.unstubAllGlobals();
});

describe('useStoreSnapshot', () => {
  it('renders a change the user made at once and one from the background as a transition', () => {
    const s = store();
    useStoreSnapshot(s.subscribe, s.get, s.isUrgent);
    react.calls.length = 0;
    s.change(1, true);
    s.change(2, false);
    expect(react.calls).toEqual([
      { value: 1, inTransition: false },
      { value: 2, inTransition: true },
    ]);
  });

  it('does not read window.event: a background change during an input event is still a transition', () => {
    vi.stubGlobal('window', { event: { type: 'input' } });
    const s = store();
    useStoreSnapshot(s.subscribe, s.get, s.isUrgent);
    react.calls.length = 0;
    s.change(3, false);
    expect(react.calls).toEqual([{ value: 3, inTransition: true }]);
  });
});
