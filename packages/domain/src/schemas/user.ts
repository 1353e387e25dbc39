import { z } from 'zod';
import { ROLES } from './roles.js';

export { ROLES, ROLE_LABELS, roleLabel } from './roles.js';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A user as the admin's users list shows them: with the photos and signatures they uploaded that no report
 * has claimed yet, which count against their upload limit.
 */
export const userListItemSchema = userSchema.extend({
  unclaimedUploads: z.object({ count: z.number().int(), bytes: z.number().int() }),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .pipe(z.string().max(200));
const password = z.string().min(8, 'Password must be at least 8 characters').max(200);
const name = z.string().trim().min(1, 'Enter a name').max(120);

export const signInBody = z.strictObject({ email, password: z.string().min(1).max(200) });
export const firstAdminBody = z.strictObject({ email, name, password });
export const createUserBody = z.strictObject({ email, name, password, role: roleSchema });
export const updateUserBody = z.strictObject({
  name: name.optional(),
  role: roleSchema.optional(),
  active: z.boolean().optional(),
  password: password.optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** An admin invites a person by email: they set their own password from the link (docs/product.md#invitations). */
export const inviteUserBody = z.strictObject({ email, name, role: roleSchema });
export type InviteUserBody = z.infer<typeof inviteUserBody>;

/** "Forgot password": the address to send a reset link to, if an account has it. */
export const passwordResetBody = z.strictObject({ email });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** A link's one-time token, as its address carries it. */
export const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete');

/** The new password set from an invitation or reset link; the link is used up by it. */
export const setPasswordBody = z.strictObject({ token: linkToken, password });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** What a link is for and whose it is, shown on the page it opens. */
export const accountLinkSchema = z.object({
  purpose: z.enum(['invite', 'reset']),
  name: z.string(),
  email: z.string(),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

/** What sign-in offers: "Forgot password" and invitations only when the server sends email. */
export const authOptionsSchema = z.object({ emailLinks: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;
