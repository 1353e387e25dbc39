import { z } from 'zod';

// The CSP allows no eval, so zod must not even probe for it: the probe is caught, but the browser still
// reports it as a policy violation. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
