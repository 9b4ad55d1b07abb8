// The power-cut rig proved on a real PostgreSQL (ADR 051): with fsync=on, 50 writers, >= 5 cuts,
// no acknowledged insert may go missing and the server must open after each; with fsync=off the
// rig must show losses, or it would not be dropping anything.
import { describe, expect, it } from 'vitest';
import { postgres15UnavailableReason, postgresPowerCuts } from './power-cut/postgres-rig.ts';
import { mountPowercutFs, powercutUnavailableReason } from './power-cut/powercut-fs.ts';
import { FULL, report } from './suite.ts';

const unavailable = powercutUnavailableReason() ?? postgres15UnavailableReason();
const ROUNDS = Number(process.env.RELIABILITY_POWER_CUTS ?? (FULL ? 10 : 5));

describe.skipIf(unavailable !== null)(
  `the power-cut rig on PostgreSQL 15${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it(`fsync=on: ${ROUNDS} power cuts under 50 writers lose no acknowledged insert and the database opens`, async () => {
      const mount = await mountPowercutFs('rig-fsync-on', { allowOther: true });
      try {
        const rounds = await postgresPowerCuts(mount, { fsync: true, rounds: ROUNDS, writers: 50, loadMs: 2000 });
        const figures = {
          rounds: rounds.length,
          acknowledged: rounds.reduce((s, r) => s + r.acknowledged, 0),
          missing: rounds.reduce((s, r) => s + r.missing, 0),
          droppedBytes: rounds.reduce((s, r) => s + r.droppedBytes, 0),
          perRound: rounds,
        };
        report('power-cut-rig-pg15-fsync-on', figures);
        expect(
          rounds.filter((r) => !r.opened || r.error),
          'rounds where the database did not open',
        ).toEqual([]);
        expect(rounds.length).toBe(ROUNDS);
        expect(figures.missing, 'acknowledged inserts missing after a power cut').toBe(0);
        expect(figures.acknowledged).toBeGreaterThanOrEqual(ROUNDS * 50);
        // Every cut found unsynced data or files to drop: the rig was exercised, not idle.
        expect(rounds.filter((r) => r.droppedBytes === 0 && r.droppedNewFiles === 0)).toEqual([]);
      } finally {
        await mount.unmount();
      }
    });

    it('fsync=off: the same cuts lose acknowledged inserts (the rig drops unsynced data)', async () => {
      const mount = await mountPowercutFs('rig-fsync-off', { allowOther: true });
      try {
        const rounds = await postgresPowerCuts(mount, {
          fsync: false,
          rounds: ROUNDS,
          writers: 50,
          loadMs: 2000,
          stopAtFirstLoss: true,
        });
        const lost = rounds.filter((r) => r.missing > 0 || !r.opened);
        report('power-cut-rig-pg15-fsync-off', {
          rounds: rounds.length,
          acknowledged: rounds.reduce((s, r) => s + r.acknowledged, 0),
          missing: rounds.reduce((s, r) => s + r.missing, 0),
          perRound: rounds,
        });
        expect(lost.length, 'rounds with acknowledged inserts lost').toBeGreaterThan(0);
      } finally {
        await mount.unmount();
      }
    });
  },
);
