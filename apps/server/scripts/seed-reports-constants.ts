/** Shared by seed-reports.ts and bench-reports.ts. A bench-only account on a bench-only database. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
export const BIG_SITE = 'Big Site';
