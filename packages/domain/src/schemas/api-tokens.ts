import { z } from 'zod';

/**
 * `read`: reads what a client may (approved reports of its sites); `read_write`: also what a supervisor may;
 * `manage`: also creates and changes sites, flats and design parameters (an asset system keeping them in step),
 * never people, tokens or webhooks.
 */
export const TOKEN_SCOPES = ['read', 'read_write', 'manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'Read (approved reports and progress)',
  read_write: 'Read and write (also assign and review)',
  manage: 'Manage (also create and change sites, flats and design parameters)',
};
/** A token lives at most two years; an admin makes a new one before it ends. */
export const MAX_TOKEN_DAYS = 730;

const day = /^\d{4}-\d{2}-\d{2}$/;

export const tokenCreateBody = z.strictObject({
  name: z
    .string({ message: 'Name the token after what uses it' })
    .trim()
    .min(1, 'Name the token after what uses it')
    .max(100, 'At most 100 characters'),
  scope: z.enum(TOKEN_SCOPES, { message: 'Scope must be read, read_write or manage' }),
  /** Empty or absent: every site, today's and later ones. */
  siteIds: z.array(z.uuid('Not a site id')).max(1000, 'At most 1,000 sites; leave empty for every site').default([]),
  expiresOn: z
    .string({ message: 'Choose the day the token stops working' })
    .regex(day, 'Choose the day the token stops working')
    .refine(
      (v) => {
        const t = Date.parse(`${v}T23:59:59Z`);
        return Number.isFinite(t) && t > Date.now() && t <= Date.now() + MAX_TOKEN_DAYS * 86400_000;
      },
      `Choose a day from tomorrow to ${MAX_TOKEN_DAYS / 365} years ahead`,
    ),
});
export type TokenCreateBody = z.input<typeof tokenCreateBody>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The first characters, to tell tokens apart; the rest is never shown again. */
  prefix: z.string(),
  sites: z.array(z.object({ id: z.uuid(), name: z.string() })).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenWithSecretSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenWithSecret = z.infer<typeof apiTokenWithSecretSchema>;
