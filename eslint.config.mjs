// ESLint flat config. `npm run lint` (type-aware; about a minute), `npm run lint -- --fix`.
// Each rule is here for a bug it catches or a boundary it holds; docs/conventions.md explains the
// boundaries and shows the message a wrong import prints.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileLength } from './eslint/file-length.mjs';
import { importStyle } from './eslint/import-style.mjs';
import { noOutsideCitations } from './eslint/no-outside-citations.mjs';
import { proseRuleBlocks } from './eslint/prose-rules.mjs';

/** Tests and their helpers: they may use src/test and set up data through any module. */
const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-helpers.ts',
  '**/*.test-helpers.tsx',
  '**/test-utils.tsx',
  '**/test/**',
  'src/test/**',
  'e2e/**',
  'bench/**',
];
const NODE_BUILTINS = [...builtinModules.filter((m) => !m.startsWith('_')), ...builtinModules.map((m) => `node:${m}`)];
/** Packages that only run on the server: never in shared rules, the web app or the extension. */
const SERVER_PACKAGES = [
  'fastify',
  '@fastify/*',
  'fastify-*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'sharp',
  'pino',
  'pino-*',
];

const listDirs = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Boundaries, as no-restricted-imports pattern groups. The rule's options replace each other from
 * one config block to the next, so every block below states the whole set for its files.
 */
const zone = {
  shared: [
    {
      group: ['#server/*', '#web/*', '#test/*', '#scripts/*', '#e2e/*'],
      message: 'src/shared holds isomorphic rules: it imports nothing from server, web or tests.',
    },
    {
      group: [...SERVER_PACKAGES, 'react', 'react-dom', 'react-dom/*'],
      message: 'src/shared runs in the browser, the server and the extension: no server or UI packages.',
    },
  ],
  sharedNode: {
    paths: NODE_BUILTINS,
    message: 'src/shared runs in browsers too: no Node.js modules (tests excepted).',
  },
  web: [
    { group: ['#server/*'], message: 'The web app never imports server code: share it through src/shared.' },
    { group: SERVER_PACKAGES, message: 'Server-only package in the web app.' },
  ],
  webNode: { paths: NODE_BUILTINS, message: 'The web app runs in the browser: no Node.js modules (tests excepted).' },
  serverToWeb: {
    group: ['#web/*'],
    message: 'Server code imports web code only in modules/public-site (server rendering, ADR 009).',
  },
  noTestHelpers: { group: ['#test/*'], message: 'Test helpers (src/test) are for tests only.' },
  extension: [
    {
      group: ['#server/*', '#web/*', '#test/*', '#scripts/*', '#e2e/*'],
      message: 'The extension imports only src/shared.',
    },
    { group: SERVER_PACKAGES, message: 'Server-only package in the extension.' },
  ],
};

/** no-restricted-imports reads groups as .gitignore lines, where a leading '#' starts a comment. */
const escapeHash = (glob) => glob.replace(/^(!?)#/, '$1\\#');
const restrict = (patterns, paths = []) => [
  'error',
  { patterns: patterns.map((p) => ({ ...p, group: p.group.map(escapeHash) })), paths },
];
const builtinPaths = (z) => z.paths.map((name) => ({ name, message: z.message }));

/** A web feature imports no other feature; routes in src/web/app compose them. */
const webFeatureRule = (feature) => ({
  group: ['#web/features/*/**', `!#web/features/${feature}/**`],
  message:
    'A feature never imports another feature: compose them in a screen under src/web/app/routes, or move the shared piece to src/web/components or src/web/lib.',
});
const webFeatureBlocks = listDirs('src/web/features').flatMap((feature) => [
  {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrict([...zone.web, webFeatureRule(feature)], builtinPaths(zone.webNode)) },
  },
  {
    files: [`src/web/features/${feature}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrict([...zone.web, webFeatureRule(feature)]) },
  },
]);

/** A server module reaches another module only through its service or its <module>.api.ts. */
const serverModuleRule = (own) => ({
  group: [
    '#server/modules/*/**',
    ...(own ? [`!#server/modules/${own}/**`] : []),
    '!#server/modules/*/*.service.ts',
    '!#server/modules/*/*.api.ts',
  ],
  message:
    "Another module's internals: use its service (<module>.service.ts) or what it exports on purpose (<module>.api.ts).",
});

const serverModuleBlocks = listDirs('src/server/modules').map((mod) => ({
  files: [`src/server/modules/${mod}/**/*.{ts,tsx}`],
  ignores: TESTS,
  rules: {
    'no-restricted-imports': restrict([
      serverModuleRule(mod),
      zone.noTestHelpers,
      ...(mod === 'public-site' ? [] : [zone.serverToWeb]),
    ]),
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'migrations/**',
      'src/web/public/**',
      'src/web/service-worker.js',
    ],
  },
  js.configs.recommended,
  comments.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      local: {
        rules: { 'file-length': fileLength, 'import-style': importStyle, 'no-outside-citations': noOutsideCitations },
      },
    },
    rules: {
      // Bugs: a promise nobody awaits loses its error; an async callback where a void one is
      // expected runs unobserved; a switch over a union must handle every member.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // One import style: types as types, relative paths inside a unit, import maps across.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'local/import-style': 'error',
      // An inline disable says why after '--', and names the rule it disables.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // An unused value is usually a mistake; a leading underscore says it is on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-restricted-imports': restrict([zone.noTestHelpers]),
      // Prose rules made checks (ADR 071): files split past 300 lines; comments cite this repository.
      'local/file-length': ['error', { max: 300 }],
      'local/no-outside-citations': 'error',
    },
  },
  ...proseRuleBlocks(TESTS),
  // No input can stall the server (ADR 057): no regular expression whose backtracking grows
  // faster than its input, anywhere in src; on the mail path, which reads only untrusted text,
  // also none that moves super-linearly across a long input.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    // Where mail text from anyone is read or shown (ADR 057, ADR 064: why not everywhere).
    files: [
      'src/server/modules/mailboxes/**/*.ts',
      'src/server/modules/email/**/*.ts',
      'src/shared/text/**/*.ts',
      'src/shared/timeline/**/*.ts',
      'src/web/features/timeline/**/*.{ts,tsx}',
    ],
    ignores: TESTS,
    rules: { 'regexp/no-super-linear-move': 'error' },
  },
  // Plain JavaScript (scripts/*.mjs, configs) is not in the TypeScript program.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The two classic hook rules. The plugin's React Compiler rules (set-state-in-effect, refs,
      // ...) describe what the compiler needs to optimise a component; this app does not use it.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Customer links come from the server's PUBLIC_URL (docs/rulings.md ruling 23, ADR 053), never
    // from the address this browser used: usePublicUrl() in src/web/lib/public-url.ts.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['location', 'window.location', 'document.location', 'globalThis.location'].map((object) => ({
          selector: `MemberExpression[property.name='origin']${object.includes('.') ? `[object.object.name='${object.split('.')[0]}'][object.property.name='location']` : "[object.name='location']"}`,
          message:
            'Customer links start with PUBLIC_URL from the server (usePublicUrl, ADR 053), never with this browser’s own address.',
        })),
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      'no-restricted-imports': 'off',
    },
  },
  // Boundaries (docs/conventions.md). Later blocks override earlier ones for the files they match.
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(zone.shared, builtinPaths(zone.sharedNode)) },
  },
  { files: ['src/shared/**/*.test.ts'], rules: { 'no-restricted-imports': restrict(zone.shared) } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(zone.web, builtinPaths(zone.webNode)) },
  },
  { files: ['src/web/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(zone.web) } },
  ...webFeatureBlocks,
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict([serverModuleRule(null), zone.serverToWeb, zone.noTestHelpers]) },
  },
  // The composition root builds every module's routes and services.
  {
    files: ['src/server/app.ts', 'src/server/app-services.ts', 'src/server/app-routes.ts'],
    rules: { 'no-restricted-imports': restrict([zone.serverToWeb, zone.noTestHelpers]) },
  },
  ...serverModuleBlocks,
  { files: ['src/server/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': restrict([zone.serverToWeb]) } },
  {
    files: ['extension/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(zone.extension, builtinPaths(zone.webNode)) },
  },
  prettier,
);
