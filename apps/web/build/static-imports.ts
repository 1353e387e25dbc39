import path from 'node:path';

/** What a chunking pass tells about the module graph (rolldown's `ChunkingContext`). */
interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function staticClosure(graph: Graph, from: string): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * For a code-splitting group: the modules of `scope` that an area's root (`root`, a screen the app fetches)
 * imports statically, directly or through others, less those the app's entry loads before any screen. What the
 * area fetches on demand stays out by construction, so a module added to it, or fetched on demand, needs no name
 * in a list. Found once per chunking pass.
 */
export function loadedWithArea({ entry, root, scope }: { entry: string; root: string; scope: RegExp }) {
  const found = new WeakMap<Graph, Set<string>>();
  const modules = (graph: Graph) => {
    let ids = found.get(graph);
    if (!ids) {
      const atStart = staticClosure(graph, path.resolve(entry));
      ids = new Set([...staticClosure(graph, path.resolve(root))].filter((id) => scope.test(id) && !atStart.has(id)));
      found.set(graph, ids);
    }
    return ids;
  };
  return (id: string, graph: Graph) => modules(graph).has(id);
}
