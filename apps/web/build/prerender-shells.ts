import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { BOOT_SCRIPT_HASH, bootTags, SHELL_END_ID } from './boot-loader';

interface Manifest {
  [key: string]: { file: string; name?: string; imports?: string[]; isEntry?: boolean };
}

/**
 * Writes shells/<name>.html for the screens listed in src/app/shell/shells.ts: index.html with the screen's
 * first paint already in #root (rendered here by the same components the app uses) and the stylesheet
 * inlined, so the HTML alone paints the screen; its code (the entry and the screen's own chunks, side by side)
 * and for signed-in screens "who is signed in" start loading right after that paint (boot-loader.ts).
 * shells/index.json lists them for the server, with the CSP hash of the loader.
 */
export function prerenderShells(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'hiu-prerender-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        let shells: { path: string; file: string; signedIn: boolean; modules: string[]; html: string }[];
        try {
          const mod = await server.ssrLoadModule('/src/app/shell/render-shells.tsx');
          shells = mod.renderShells();
        } finally {
          await server.close();
        }
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
        const entry = manifest[entryKey]!.file;
        const template = withoutScripts(withInlineStyles(index, outDir));
        fs.mkdirSync(path.join(outDir, 'shells'), { recursive: true });
        for (const shell of shells) {
          // A module the build did not make a chunk for would be left out of the preloads without a word.
          const keys = shell.modules.map((module) => manifestKey(manifest, module));
          const unknown = shell.modules.filter((_, i) => !manifest[keys[i]!]);
          if (unknown.length) throw new Error(`${shell.file}: no chunk for ${unknown.join(', ')}`);
          const preload = [...chunksOf(manifest, [entryKey, ...keys])]
            .filter((file) => file !== entry)
            .map((file) => `/${file}`);
          const html = template
            .replace('</head>', `  ${RENDER_WHOLE_SHELL}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root">${shell.html}</div>`)
            .replace(
              '</body>',
              `  ${bootTags({ entry: `/${entry}`, preload, me: shell.signedIn, path: shell.path })}\n  </body>`,
            );
          if (!html.includes(shell.html)) throw new Error('index.html has no empty <div id="root"></div>');
          fs.writeFileSync(path.join(outDir, 'shells', shell.file), html);
        }
        const list = shells.map(({ path: p, file, signedIn }) => ({ path: p, file, signedIn }));
        fs.writeFileSync(
          path.join(outDir, 'shells', 'index.json'),
          JSON.stringify({ scriptHashes: [BOOT_SCRIPT_HASH], shells: list }, null, 2),
        );
      },
    },
  };
}

/**
 * No paint before the shell is parsed whole. Without it a busy phone's parser yields mid-document and the
 * browser paints what it has: a sign-in card with only its first field, which then grows and, being centred,
 * moves (a layout shift). The marker follows the loader, which has then set what the shell's CSS reads.
 */
const RENDER_WHOLE_SHELL = `<link rel="expect" href="#${SHELL_END_ID}" blocking="render">`;

/**
 * The stylesheets as <style>: no second round trip before the first paint. The link stays, disabled (never
 * fetched), because that is how Vite's chunk loader knows the page already has the stylesheet.
 */
function withInlineStyles(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = fs.readFileSync(path.join(outDir, file), 'utf8');
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

/** index.html without its entry script and preloads: a shell's loader adds them after the first paint. */
function withoutScripts(html: string): string {
  const out = html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script|modulepreload/.test(out)) throw new Error('index.html has a script the shells do not expect');
  return out;
}

/** A source module's manifest key, or for `group:<name>` the key of that code-splitting group's chunk. */
function manifestKey(manifest: Manifest, module: string): string {
  if (!module.startsWith('group:')) return module;
  const name = module.slice('group:'.length);
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === name) ?? module;
}

/** The chunk files the given modules load before they run (themselves and their static imports). */
function chunksOf(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    chunksOf(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}
