import path from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// A regex, not a gitignore group: the group `domain` (a Node built-in) would also match `@hiu/domain`.
const nodeBuiltins = `^(node:|(${builtinModules.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})(/|$))`;
const serverOnly = [
  'drizzle-orm',
  'drizzle-orm/*',
  'drizzle-kit',
  'fastify',
  'fastify/*',
  'fastify-*',
  '@fastify/*',
  'pg',
  'pg/*',
  '@electric-sql/*',
];

/**
 * The architecture as lint rules (see docs/decisions): the rule book and the PDF builder are pure and
 * isomorphic, and in the web app a feature never imports another feature, and shared code (components/ui,
 * lib) imports no feature. Import specifiers are relative, so the web rule resolves each one to a folder:
 * no-restricted-imports patterns cannot tell `../admin` in features/check from a sub-folder named admin.
 */
const webFeatures = path.resolve(import.meta.dirname, 'apps/web/src/features');
/**
 * Modules one feature offers the others, as `feature/path` without extension. None today: who is signed in
 * lives in lib/session, and the app layer composes home with the check's Unsaved Work banner.
 */
const featureEntryPoints = new Set([]);
const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');
const featureOf = (file) => {
  const rel = path.relative(webFeatures, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0];
};
const architecture = {
  rules: {
    'feature-boundaries': {
      meta: {
        type: 'problem',
        docs: { description: 'A web feature imports no other feature; shared code imports no feature or app code.' },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        const from = featureOf(file);
        const top = path.relative(webSrc, file).split(path.sep)[0];
        const shared = top === 'components' || top === 'lib';
        const check = (node) => {
          const spec = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), spec);
          const to = featureOf(target);
          const entry = path
            .relative(webFeatures, target)
            .split(path.sep)
            .join('/')
            .replace(/\.(tsx?|jsx?)$/, '');
          if (from && to && to !== from && !featureEntryPoints.has(entry)) {
            context.report({
              node: node.source,
              message: `Feature "${from}" may not import feature "${to}"; move shared code to components/ or lib/.`,
            });
          } else if (shared && (to || path.relative(webSrc, target).split(path.sep)[0] === 'app')) {
            context.report({
              node: node.source,
              message: 'Shared code (components/, lib/) may not import features or app/.',
            });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dev-dist/',
    '**/migrations/',
    '**/test-results/',
    '**/playwright-report/',
    '**/blob-report/',
    '**/coverage/',
    'data/',
    '.data*/',
    '.tmp/',
    '.bench/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a deliberately unused argument or binding.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'scripts/**', 'e2e/**', '**/*.config.ts', 'apps/server/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, so `async ({}, use) =>` is required.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: { 'architecture/feature-boundaries': 'error' },
  },
  {
    // No import circles: a module and what it imports form layers (schemas under rules, routes under the app).
    // Type-only imports are erased and do not count. Web imports omit the extension; server imports name .js.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'Packages are pure and shared by browser and server: no React.',
            },
            { regex: nodeBuiltins, message: 'Packages run in the browser too: no Node APIs.' },
            { group: serverOnly, message: 'Packages hold no database or HTTP code; that belongs in apps/server.' },
            { group: ['**/apps/**'], message: 'Packages never import from apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: nodeBuiltins, message: 'The web app runs in the browser: no Node APIs.' },
            { group: serverOnly, message: 'The web app talks to the server over /api; no database or server code.' },
            {
              group: ['**/server/**', '@hiu/server', '@hiu/server/*'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
]);
