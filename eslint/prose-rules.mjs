// The rules that were prose in docs/conventions.md until ADR 071, as config blocks for
// eslint.config.mjs: the files let past the length limit, and who may import an adapter.
// eslint/prose-rules.test.ts breaks each on purpose.

/**
 * Files allowed past the 300-line limit (local/file-length, ADR 071): data that is one long table,
 * where a split would only scatter the rows. Each with its reason; keep the list short.
 */
export const LONG_DATA_FILES = [
  // The demo seed's car catalogue: one entry per make and model, with its variants and prices.
  'src/server/db/seed/cars.ts',
  // What parseListing must read from each fixture page, field by field: one expectation per page.
  'src/shared/listings/parse-listing-cases.test-helpers.ts',
];

/**
 * Adapters (src/server/integrations/**) are built in the composition root and handed to services
 * as ports (src/server/integrations/README.md, ADR 071): only app.ts (with app-services.ts and
 * app-routes.ts), main.ts (with main-modules.ts, its half loaded after the database starts) and the
 * integrations themselves import them at run time; a module may import the types of a port. Tests,
 * benches, e2e and scripts may use them. No file is excepted.
 */
export const ADAPTER_IMPORTERS = [
  'src/server/app.ts',
  'src/server/app-services.ts',
  'src/server/app-routes.ts',
  'src/server/main.ts',
  'src/server/main-modules.ts',
  'src/server/integrations/**',
];

/** no-restricted-imports reads groups as .gitignore lines, where a leading '#' starts a comment. */
const escapeHash = (glob) => glob.replace(/^(!?)#/, '$1\\#');

/** The blocks, after the one that turns local/file-length on; `tests` are the test file globs. */
export const proseRuleBlocks = (tests) => [
  { files: LONG_DATA_FILES, rules: { 'local/file-length': 'off' } },
  {
    files: ['src/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    ignores: [...tests, ...ADAPTER_IMPORTERS],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [escapeHash('#server/integrations/**')],
              allowTypeImports: true,
              message:
                'An adapter is built in src/server/app.ts and handed to the service as a port (src/server/integrations/README.md): declare the interface the service needs and take it in the factory; types of a port may be imported.',
            },
          ],
        },
      ],
    },
  },
];
