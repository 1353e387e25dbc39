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
  modules: string[];
}

const checkModules = ['src/app/engineer-area.tsx', 'src/features/check/check-routes.tsx'];
/** Steps whose page is a chunk of its own (check-routes.tsx). */
const ownChunk: Partial<Record<string, string>> = {
  'photos-signature': 'src/features/check/pages/photos-signature-step.tsx',
  review: 'src/features/check/pages/review-step.tsx',
};

export const SHELLS: ShellSpec[] = [
  { path: '/sign-in', file: 'sign-in.html', signedIn: false, modules: ['src/features/auth/sign-in-page.tsx'] },
  {
    path: '/',
    file: 'home.html',
    signedIn: true,
    modules: ['src/app/engineer-area.tsx', 'src/features/home/home-page.tsx'],
  },
  ...STEPS.map((s) => ({
    path: `/check/${s.slug}`,
    file: `check-${s.slug}.html`,
    signedIn: true,
    modules: [...checkModules, ...(ownChunk[s.slug] ? [ownChunk[s.slug]!] : [])],
  })),
];
