import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

interface Manifest {
  [key: string]: { file: string; imports?: string[]; isEntry?: boolean };
}

/**
 * Writes shells/<name>.html for the screens listed in src/app/shell/shells.ts: index.html with the screen's
 * first paint already in #root (rendered here by the same components the app uses), modulepreload links
 * for the screen's own code so it downloads beside the entry instead of after it, and for signed-in
 * screens a preload of "who is signed in". The server sends these for those paths (apps/server web-app).
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
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
        const inTemplate = chunksOf(manifest, [entry]);
        fs.mkdirSync(path.join(outDir, 'shells'), { recursive: true });
        for (const shell of shells) {
          const preloads = [...chunksOf(manifest, shell.modules)]
            .filter((file) => !inTemplate.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
          if (shell.signedIn) {
            preloads.push('<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="use-credentials">');
          }
          const html = template
            .replace('<div id="root"></div>', `<div id="root">${shell.html}</div>`)
            .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
          if (!html.includes(shell.html)) throw new Error('index.html has no empty <div id="root"></div>');
          fs.writeFileSync(path.join(outDir, 'shells', shell.file), html);
        }
        const index = shells.map(({ path: p, file, signedIn }) => ({ path: p, file, signedIn }));
        fs.writeFileSync(path.join(outDir, 'shells', 'index.json'), JSON.stringify(index, null, 2));
      },
    },
  };
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
