import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  /** Built web app to serve, if present. */
  webDist?: string;
  /** Force the Secure cookie flag (it is also set whenever the request came over HTTPS). */
  secureCookies: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    secureCookies: env.SECURE_COOKIES === 'true',
  };
}
