import type { Plugin } from 'vite';

/** The chunks of the bundle being written: each one's file and the chunks it imports statically. */
let chunks = new Map<string, { imports: readonly string[]; isEntry: boolean }>();

/**
 * Reads the bundle's chunk graph before Vite writes each dynamic import's preload list (its `generateBundle`
 * runs after this one), for `alreadyLoaded`.
 */
export function chunkGraph(): Plugin {
  return {
    name: 'hiu-chunk-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        chunks = new Map(
          Object.values(bundle).flatMap((c) =>
            c.type === 'chunk' ? [[c.fileName, { imports: c.imports, isEntry: c.isEntry }] as const] : [],
          ),
        );
      },
    },
  };
}

/** `file` and every chunk it imports statically, directly or through others. */
function staticClosure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) staticClosure(imported, into);
  return into;
}

/**
 * The chunks already on the page when `host` runs a dynamic import: a module runs only after everything it
 * imports statically, and after the entry with its own imports. Naming them again in the import's preload list
 * only adds bytes to the chunk that makes it.
 */
export function alreadyLoaded(host: string): Set<string> {
  const loaded = staticClosure(host);
  for (const [file, chunk] of chunks) if (chunk.isEntry) staticClosure(file, loaded);
  return loaded;
}
