// The CSP allows no eval, so zod must not even probe for it: the probe is caught, but the browser still
// reports it as a policy violation. Imported first by main.tsx, before any schema is built.
// zod keeps its settings on globalThis.__zod_globalConfig (shared by every copy of zod, see zod/v4/core),
// so they are set here without importing zod: zod itself then loads only with the screens that validate.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
