// A power cut, proven (issue 28, ADR 051): the compiled server on the power-cut file system, 50
// writers, >= 5 cuts; after each restart the database opens and no acknowledged write is missing.
// The engine: declaredEngine() reads it from the server's code before anything starts, and
// detectEngine() confirms it from what the first start left in DATA_DIR. On PGlite, whose
// PostgreSQL runs with fsync=off (ADR 035), the test is skipped; RELIABILITY_POWER_CUT_PGLITE=1
// runs it anyway (ADR 051 records what it lost); RELIABILITY_POWER_CUT_WRITEBACK=1 makes what the
// app wrote before each load durable first (appPowerCut's writeback).
import { describe, expect, it } from 'vitest';
import { appPowerCut, declaredEngine, type AppRound } from './power-cut/app-power-cut.ts';
import { mountPowercutFs, powercutUnavailableReason } from './power-cut/powercut-fs.ts';
import { FULL, report } from './suite.ts';

const unavailable = powercutUnavailableReason();
const ROUNDS = Number(process.env.RELIABILITY_POWER_CUTS ?? (FULL ? 10 : 5));
const WRITERS = 50;
const PGLITE_SKIP = 'embedded engine is PGlite: ADR 035';
const forced = process.env.RELIABILITY_POWER_CUT_PGLITE === '1';
const writeback = process.env.RELIABILITY_POWER_CUT_WRITEBACK === '1';

const lost = (r: AppRound) => r.missing.quotes + r.missing.timeline + r.missing.leads;

function figures(engine: string | null, rounds: AppRound[]) {
  const sum = (pick: (r: AppRound) => number) => rounds.reduce((s, r) => s + pick(r), 0);
  return {
    engine,
    form: FULL ? 'full' : 'short',
    writeback,
    rounds: rounds.length,
    opened: rounds.filter((r) => r.opened).length,
    acknowledged: sum((r) => r.acknowledged.quotes + r.acknowledged.timeline + r.acknowledged.leads),
    missing: sum(lost),
    roundsWithLoss: rounds.filter((r) => lost(r) > 0).length,
    perRound: rounds,
  };
}

describe.skipIf(unavailable !== null)(
  `the app through power cuts${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    // Each restart recovers a database: minutes on a busy machine with PGlite.
    it(
      `${ROUNDS} power cuts under ${WRITERS} writers: the database opens, no acknowledged write missing`,
      { timeout: 45 * 60_000 },
      async (ctx) => {
        if (declaredEngine() === 'pglite' && !forced) ctx.skip(PGLITE_SKIP);
        const mount = await mountPowercutFs('app', { allowOther: true });
        const app = appPowerCut(mount, { writeback });
        try {
          const engine = await app.firstStart();
          expect(engine, `no PostgreSQL cluster nor PGlite directory in ${app.dataDir}`).not.toBe(null);
          if (engine === 'pglite' && !forced) ctx.skip(PGLITE_SKIP);

          // Figures are written after every cut, so that they survive a timeout.
          const loadMs = FULL ? 4000 : 2500;
          const rounds = await app.rounds({ rounds: ROUNDS, writers: WRITERS, loadMs }, (done) =>
            report(`power-cut-app-${engine}${writeback ? '-writeback' : ''}`, figures(engine, done)),
          );

          expect(
            rounds.filter((r) => !r.opened).map((r) => `cut ${r.round}: ${r.error}`),
            'cuts after which the app did not open its database',
          ).toEqual([]);
          expect(rounds.length).toBe(ROUNDS);
          expect(
            rounds
              .filter((r) => lost(r) > 0)
              .map((r) => `cut ${r.round}: ${JSON.stringify(r.missing)} of ${JSON.stringify(r.acknowledged)}`),
            'acknowledged writes missing after a power cut',
          ).toEqual([]);
          expect(
            rounds.flatMap((r) => r.errorsBeforeCut),
            'writes refused before the cut',
          ).toEqual([]);
          expect(figures(engine, rounds).acknowledged).toBeGreaterThanOrEqual(ROUNDS * 6);
        } finally {
          await app.stop();
          await mount.unmount();
        }
      },
    );
  },
);
