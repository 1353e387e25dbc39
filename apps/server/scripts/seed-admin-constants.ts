/** Shared by seed-admin.ts and bench-admin.ts. A bench-only account on a bench-only database. */
export const ADMIN_BENCH_USER = { email: 'bench-admin@example.com', password: 'bench-password-1', name: 'Bench Admin' };
/** Every seeded site's name starts with this, so a re-run can replace them. */
export const SITE_PREFIX = 'Bench Site';
/** The one site that gets many properties (--big). */
export const BIG_SITE_NAME = `${SITE_PREFIX} 0000 (big)`;
export const TOWNS = [
  'Leeds',
  'Manchester',
  'York',
  'Hull',
  'Sheffield',
  'Bradford',
  'Liverpool',
  'Newcastle',
  'Durham',
  'Preston',
  'Bolton',
  'Wigan',
  'Halifax',
  'Harrogate',
  'Lancaster',
  'Carlisle',
  'Sunderland',
  'Doncaster',
  'Rotherham',
  'Wakefield',
];
export const STREETS = [
  'High Street',
  'Mill Lane',
  'Station Road',
  'Church Street',
  'Park Road',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
];
export const BLOCKS = [
  'Riverside Court',
  'Maple House',
  'Oak Gardens',
  'Cedar Point',
  'Elm Tower',
  'Willow Yard',
  'Ash Quay',
];

/** A realistic address for the n-th property of a site (unique within the site). */
export function benchAddress(n: number): string {
  return `Flat ${n + 1}, ${BLOCKS[n % BLOCKS.length]}, ${n + 10} ${STREETS[n % STREETS.length]}`;
}
