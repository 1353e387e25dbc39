import type { AroundNavHandler } from 'wouter';

// Every history entry the app adds carries a state; the entry a visitor opened directly has none. So a
// screen's own Back button can go back when the previous entry is the app, and home when it is not.

export const markInApp: AroundNavHandler = (navigate, to, options) =>
  navigate(to, { ...options, state: options?.state ?? { inApp: true } });

export const cameFromApp = () => window.history.state != null;
