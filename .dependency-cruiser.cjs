/**
 * Import cycles, type-only imports included, fail `npm run lint` (decision 214).
 * tsPreCompilationDeps keeps `import type` edges that the TypeScript compiler would erase.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module may not import itself through other modules, not even for a type.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build/out|playwright-report|test-results)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
