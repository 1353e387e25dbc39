import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ShellFor } from './route-shell';
import { SHELLS } from './shells';

/** Build time only (build/prerender-shells.ts): the HTML of each screen's first paint. */
export function renderShells() {
  return SHELLS.map((spec) => ({
    ...spec,
    html: renderToStaticMarkup(
      <MemoryRouter initialEntries={[spec.path]}>
        <ShellFor path={spec.path} />
      </MemoryRouter>,
    ),
  }));
}
