// The suites `npm test` knows, and how its arguments choose among them (scripts/test.mjs).
// Plain Node ESM with no npm dependencies: it must work before `npm ci` has run.

export const SUITES = [
  { id: 'typecheck', name: 'typecheck (tsc --noEmit)' },
  { id: 'lint', name: 'lint (ESLint)', out: 'eslint.json' },
  { id: 'format', name: 'format (Prettier --check)' },
  { id: 'unit', name: 'unit + web (Vitest)', projects: ['unit', 'web'], out: 'vitest-unit.json' },
  {
    id: 'integration',
    name: 'integration on the embedded PostgreSQL (Vitest)',
    projects: ['integration'],
    out: 'vitest-integration-embedded.json',
  },
  {
    id: 'pg',
    name: 'integration on PostgreSQL (Vitest)',
    projects: ['integration'],
    out: 'vitest-integration-pg.json',
  },
  {
    id: 'reliability',
    name: 'reliability, short form (Vitest)',
    projects: ['reliability'],
    out: 'vitest-reliability.json',
  },
  { id: 'e2e', name: 'end-to-end (Playwright)', out: 'playwright.json' },
];
const ALIASES = {
  tsc: 'typecheck',
  types: 'typecheck',
  eslint: 'lint',
  prettier: 'format',
  web: 'unit',
  embedded: 'integration',
  postgres: 'pg',
  postgresql: 'pg',
  playwright: 'e2e',
  fuzz: 'reliability',
  crash: 'reliability',
  load: 'reliability',
};

function usage() {
  return `usage: npm test [-- ${SUITES.map((s) => s.id).join(' ')}]   (no argument: all suites)`;
}

export function parseArgs(argv) {
  const wanted = new Set();
  for (const raw of argv) {
    const arg = raw.toLowerCase();
    if (arg === '-h' || arg === '--help') {
      console.log(usage());
      process.exit(0);
    }
    if (arg === 'all') {
      for (const s of SUITES) wanted.add(s.id);
      continue;
    }
    const id = ALIASES[arg] ?? arg;
    if (!SUITES.some((s) => s.id === id)) {
      console.error(`unknown test suite '${raw}'\n${usage()}`);
      process.exit(2);
    }
    wanted.add(id);
  }
  return wanted.size ? wanted : new Set(SUITES.map((s) => s.id));
}
