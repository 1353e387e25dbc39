// The bare baseline of the web benchmarks: a React app that renders one heading, built with the app's own tools
// (React 19, Vite, its React plugin), and served the way Vite serves a build (`vite preview`).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.bench/bare-react');
const vite = () => import(path.join(root, 'node_modules/vite/dist/node/index.js'));

/** Builds the bare app; answers the folder of its build. */
export async function buildBareReact() {
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'src/main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
  );
  const { build } = await vite();
  const react = (await import(path.join(root, 'node_modules/@vitejs/plugin-react/dist/index.js'))).default;
  const outDir = path.join(dir, 'dist');
  await build({ root: dir, logLevel: 'silent', plugins: [react()], build: { outDir, target: 'es2022' } });
  return outDir;
}

/** Builds the bare app and serves it on `port` with `vite preview`; answers { url, stop }. */
export async function serveBareReact(port) {
  const outDir = await buildBareReact();
  const { preview } = await vite();
  const server = await preview({
    root: dir,
    logLevel: 'silent',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}
