import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalHub } from '#server/realtime/hub.ts';
import * as users from '#server/modules/users/users.api.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createSessionService } from './session.service.ts';
import * as repo from './sessions.repository.ts';

// The session cache under use: an entry is read again in the background once half its TTL old
// (10 s TTL, so at 5 s), one read serves every request waiting for the same entry, and an
// invalidation that lands while a read runs is not undone by that read.
describe('session cache: reads ahead, once for everyone', () => {
  let t: TestApp;
  let userId: number;
  let cacheMs = 1_000_000;
  const hub = createLocalHub();
  const make = () =>
    createSessionService({
      db: t.database.db,
      clock: { now: () => new Date('2026-11-26T10:00:00Z') },
      hub,
      ttlDays: 30,
      idleDays: 7,
      cacheNow: () => cacheMs,
    });

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.loginAs('user')).user.id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** Settles the background reads the last calls started. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('many requests for an expired entry share one read of the session and one of the user', async () => {
    const service = make();
    const { token } = await service.create(userId, {});
    const sessionReads = vi.spyOn(repo, 'findLiveSession');
    const userReads = vi.spyOn(users, 'findUserById');
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.resolve(token)));
    expect(answers.every((a) => a?.user.id === userId)).toBe(true);
    expect(sessionReads).toHaveBeenCalledTimes(1);
    expect(userReads).toHaveBeenCalledTimes(1);
  });

  it('an entry in use is read again in the background from half its TTL, and never runs out', async () => {
    const service = make();
    const { token } = await service.create(userId, {});
    await service.resolve(token);
    const sessionReads = vi.spyOn(repo, 'findLiveSession');
    const userReads = vi.spyOn(users, 'findUserById');

    cacheMs += 4_000; // young: answered from the cache, nothing read
    expect(service.authenticateCached(token)?.user.id).toBe(userId);
    expect(sessionReads).not.toHaveBeenCalled();

    cacheMs += 2_000; // 6 s old: still answered at once, read again behind the answer
    for (let i = 0; i < 5; i++) expect(service.authenticateCached(token)?.user.id).toBe(userId);
    expect(sessionReads).toHaveBeenCalledTimes(1);
    expect(userReads).toHaveBeenCalledTimes(1);
    // The background reads finish (however busy the machine), then the cache takes their answer.
    await sessionReads.mock.results[0]!.value;
    await userReads.mock.results[0]!.value;
    await settle();

    cacheMs += 6_000; // 12 s after the first read, 6 s after the second: the cache answers alone
    expect(service.authenticateCached(token)?.user.id).toBe(userId);
    await settle();
    expect(sessionReads).toHaveBeenCalledTimes(2);
  });

  it('a session revoked while a background read runs stays revoked', async () => {
    const service = make();
    const { token, sid } = await service.create(userId, {}).then(async (s) => {
      const resolved = await service.resolve(s.token);
      return { token: s.token, sid: resolved!.sid };
    });
    cacheMs += 6_000;
    // The read finds the session still there, but the logout lands before it returns.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = repo.findLiveSession;
    vi.spyOn(repo, 'findLiveSession').mockImplementation(async (...args) => {
      const row = await real(...args);
      await gate;
      return row;
    });
    expect(service.authenticateCached(token)?.sid).toBe(sid);
    await service.destroy(sid);
    release();
    await settle();
    expect(service.authenticateCached(token)).toBeUndefined();
    expect(await service.resolve(token)).toBeNull();
  });

  it('a failing background read leaves the answer alone; the entry runs out at its TTL', async () => {
    const service = make();
    const { token } = await service.create(userId, {});
    await service.resolve(token);
    cacheMs += 6_000;
    vi.spyOn(repo, 'findLiveSession').mockRejectedValue(new Error('database restarting'));
    expect(service.authenticateCached(token)?.user.id).toBe(userId);
    await settle();
    cacheMs += 5_000;
    expect(service.authenticateCached(token)).toBeUndefined();
    await expect(service.resolve(token)).rejects.toThrow('database restarting');
  });
});
