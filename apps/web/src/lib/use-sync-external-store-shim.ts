// React 18 and later have useSyncExternalStore; the shim package (which wouter imports for older React) is built
// in place of this module, so the app does not ship a second copy of it (vite.config.ts).
export { useSyncExternalStore } from 'react';
