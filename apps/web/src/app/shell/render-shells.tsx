import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { ShellFor } from './route-shell';
import { SHELLS } from './shells';

/** Build time only (build/prerender-shells.ts): the HTML of each screen's first paint. */
export function renderShells() {
  return SHELLS.map((spec) => ({
    ...spec,
    html: renderToStaticMarkup(
      <Router ssrPath={spec.path}>
        <ShellFor path={spec.path} />
      </Router>,
    ),
  }));
}
