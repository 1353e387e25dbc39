import { STEPS } from '@hiu/domain';

/**
 * The screens whose first paint is rendered into the HTML at build time (see route-shell.tsx), with the
 * code each needs first (preloaded by that HTML) and whether only a signed-in visitor sees that screen.
 * The build writes shells/<file> for each; the server sends it for `path`.
 */
export interface ShellSpec {
  path: string;
  file: string;
  signedIn: boolean;
  /** Source modules, or `group:<name>` for a chunk group of vite.config.ts (codeSplitting.groups). */
  modules: string[];
}

/**
 * IndexedDB's code: the check kept on the phone is read with it before a step can show, and before home's
 * cards when a check is kept, so the engineer's screens fetch it with the rest.
 */
const deviceDb = 'group:device-db';

const checkModules = ['src/app/engineer-area.tsx', 'src/features/check/check-routes.tsx', deviceDb];
/**
 * Every step's page is a chunk of its own (check-routes.tsx): its shell fetches it beside the rest, not after
 * check-routes has run (one round trip less before the step's form on a slow link).
 */
const stepPage = (slug: string) => `src/features/check/pages/${slug}-step.tsx`;

export const SHELLS: ShellSpec[] = [
  { path: '/sign-in', file: 'sign-in.html', signedIn: false, modules: ['src/features/auth/sign-in-page.tsx'] },
  {
    path: '/',
    file: 'home.html',
    signedIn: true,
    // The check's notices come with home's cards (one boundary in home-page.tsx): fetched beside them.
    modules: [
      'src/app/engineer-area.tsx',
      'src/features/home/home-page.tsx',
      'src/features/check/components/unsaved-work-banner.tsx',
      deviceDb,
    ],
  },
  ...STEPS.map((s) => ({
    path: `/check/${s.slug}`,
    file: `check-${s.slug}.html`,
    signedIn: true,
    modules: [...checkModules, stepPage(s.slug)],
  })),
];
