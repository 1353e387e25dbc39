/**
 * Who a user is: an admin runs the office and sees everything; a supervisor assigns and
 * reviews on the sites they belong to; an engineer commissions on the sites they belong to; a client reads
 * progress and approved reports of the sites they are granted; an assessor (the heat network's) reads as a client
 * does and witnesses and signs on the sites they are granted.
 */
export const ROLES = ['engineer', 'admin', 'supervisor', 'client', 'assessor'] as const;

/** How each role reads on screen. Plain data, no zod, so a screen can list roles without the schemas. */
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  engineer: 'Engineer',
  admin: 'Admin',
  supervisor: 'Supervisor',
  client: 'Client',
  assessor: 'Assessor',
};

/**
 * How a role stored as text reads (a sign-off's, a witness's): its label, or the text itself for a role this
 * version does not know.
 */
export const roleLabel = (role: string): string =>
  Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as keyof typeof ROLE_LABELS] : role;
