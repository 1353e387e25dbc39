import { createHash } from 'node:crypto';

/**
 * A shell's code starts loading once its first paint is on screen (the next frame), not while the HTML is
 * still being read: on a slow link the screen the visitor came for is drawn first and the code, which only
 * makes it interactive, follows at once. The chunks then download side by side (modulepreload), as before.
 * The same script serves every shell (what to load is in the JSON before it), so one CSP hash allows it.
 * The timer covers a tab opened in the background, where frames do not run. The locale data behind dates
 * and numbers loads on a worker thread meanwhile (public/warm-intl.js).
 */
export const BOOT_SCRIPT = `(function () {
  // Sent to sign in again (lib/session signInAgainPath): the shell's notice shows in the first paint.
  if (/[?&]reason=signed-out(&|$)/.test(location.search)) document.documentElement.setAttribute('data-signed-out', '');
  var boot = JSON.parse(document.getElementById('hiu-boot').textContent);
  var started = false;
  try { new Worker('/warm-intl.js'); } catch (e) { /* dates then load their data on first use */ }
  function add(tag, props) {
    var el = document.createElement(tag);
    for (var key in props) el[key] = props[key];
    document.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    if (boot.me) add('link', { rel: 'preload', as: 'fetch', crossOrigin: 'use-credentials', href: '/api/auth/me' });
    boot.preload.forEach(function (href) { add('link', { rel: 'modulepreload', crossOrigin: '', href: href }); });
    add('script', { type: 'module', crossOrigin: '', src: boot.entry });
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();`;

/** The Content-Security-Policy source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

export interface BootData {
  entry: string;
  preload: string[];
  /** Whether the screen is for a signed-in visitor, whose "who is signed in" call is started with the code. */
  me: boolean;
  /** The screen the shell paints (the server may send sign-in's for another address: main.tsx follows it). */
  path: string;
}

/** The element after the loader: the first paint waits until it is parsed, so the loader has run by then. */
export const SHELL_END_ID = 'hiu-shell-end';

/** The tags that end a shell's body: what to load, the loader, and the end marker. */
export function bootTags(data: BootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="hiu-boot">${json}</script>\n    <script>${BOOT_SCRIPT}</script>\n    <template id="${SHELL_END_ID}"></template>`;
}
