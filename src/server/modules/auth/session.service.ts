import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { findUserById, type UserRow } from '#server/modules/users/users.api.ts';
import * as repo from './sessions.repository.ts';

export interface ResolvedSession {
  sid: string;
  user: UserRow;
  /** When the session ends unless used again: the idle deadline, never past the absolute one. */
  expire: Date;
  /** The absolute end: sign-in time plus SESSION_TTL_DAYS, whatever the use. */
  absoluteExpire: Date;
}

interface CachedSession {
  userId: number;
  expire: Date;
  absoluteExpire: Date;
  cachedAt: number;
}

// Every signed-in request needs its session and user; a short cache keeps that off the database.
// Logout, user changes and deletions invalidate it on every instance through the event hub, and the
// TTL bounds staleness should an instance miss an event. The TTL runs on the real time (Date.now(),
// read once per request), not on the injected clock.
//
// An entry in use is read again in the background once it is half its TTL old, and one read serves
// every request that needs it: without that, each entry ran out under use every 10 s, and every
// request of that session arriving before the first read came back read the session and the user
// itself, two more turns in the database's queue each (under 200 clients, calls stalled every
// 10 s for up to a second: bench/README.md, "Stalls under many clients").
const CACHE_TTL_MS = 10_000;
const REFRESH_AFTER_MS = CACHE_TTL_MS / 2;
const MAX_CACHED = 10_000;
/**
 * The idle deadline moves forward at most once per this interval per session (one write), so a
 * session is refused after between idle - 1 h and idle of disuse (ADR 017).
 */
const IDLE_REFRESH_MS = 3600_000;

/** session_revoked events small enough for one NOTIFY (8000 bytes): 64-character ids, 100 at a time. */
export function revocationBatches(sids: string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < sids.length; i += 100) batches.push(sids.slice(i, i + 100));
  return batches;
}

/** The work in flight under `key`, or `start()`'s, shared by every caller until it settles. */
function shared<K, V>(inFlight: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  const running = inFlight.get(key);
  if (running) return running;
  const work = start().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/** The session id stored in the database: SHA-256 of the cookie token (one-shot crypto.hash, no Hash object). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  hub: EventHub;
  ttlDays: number;
  idleDays: number;
  /** The cache's time (tests): default Date.now. */
  cacheNow?: () => number;
}) {
  const { db, clock, hub } = deps;
  const cacheNow = deps.cacheNow ?? Date.now;
  const ttlMs = deps.ttlDays * 24 * 3600_000;
  const idleMs = Math.min(deps.idleDays * 24 * 3600_000, ttlMs);
  const refreshMs = Math.min(IDLE_REFRESH_MS, idleMs / 2);
  /** Used now, the session's idle deadline is due to move: it lags by a refresh step or more. */
  const dueForExtension = (expire: Date, absoluteExpire: Date, nowMs: number) =>
    expire.getTime() < absoluteExpire.getTime() && expire.getTime() - nowMs < idleMs - refreshMs;
  const absoluteOf = (sess: repo.SessionData) => new Date(new Date(sess.createdAt).getTime() + ttlMs);
  // At most MAX_CACHED entries each, the least recently used evicted first (lru-cache). The TTL and
  // the read-ahead stay ours: an entry is read again from half its TTL while in use (below).
  const sessionCache = new LRUCache<string, CachedSession>({ max: MAX_CACHED });
  const userCache = new LRUCache<number, { user: UserRow; cachedAt: number }>({ max: MAX_CACHED });

  /**
   * Bumped by every invalidation: a read that started before one does not fill the cache with what
   * it found (the session may have been revoked, the user changed, while it ran).
   */
  const invalidations = { sessions: 0, users: 0 };
  hub.subscribe((event) => {
    if (event.type === 'session_revoked') {
      invalidations.sessions += 1;
      for (const sid of event.data.sids as string[]) sessionCache.delete(sid);
    }
    if (event.type === 'user_updated' || event.type === 'user_deleted') {
      invalidations.users += 1;
      userCache.delete(Number(event.data.userId));
    }
  });

  // Sliding-expiry updates in flight, by session id.
  const extending = new Map<string, Promise<Date>>();
  // Reads in flight, shared by every request that waits for the same entry.
  const sessionReads = new Map<string, Promise<CachedSession | null>>();
  const userReads = new Map<number, Promise<UserRow | undefined>>();

  function readSession(sid: string, now: Date): Promise<CachedSession | null> {
    return shared(sessionReads, sid, async () => {
      const startedMs = cacheNow();
      const epoch = invalidations.sessions;
      return repo.findLiveSession(db, sid, now).then((row) => {
        const current = epoch === invalidations.sessions;
        if (!row) {
          if (current) sessionCache.delete(sid);
          return null;
        }
        const entry = {
          userId: row.sess.userId,
          expire: row.expire,
          absoluteExpire: absoluteOf(row.sess),
          cachedAt: startedMs,
        };
        if (current) {
          sessionCache.set(sid, entry);
        }
        return entry;
      });
    });
  }

  function readUser(userId: number): Promise<UserRow | undefined> {
    return shared(userReads, userId, async () => {
      const startedMs = cacheNow();
      const epoch = invalidations.users;
      return findUserById(db, userId).then((user) => {
        if (epoch === invalidations.users) {
          if (!user) userCache.delete(userId);
          else userCache.set(userId, { user, cachedAt: startedMs });
        }
        return user;
      });
    });
  }

  /** A fresh entry past half its TTL is read again now, in the background; this request uses it as is. */
  const readAhead = (cachedAt: number, nowMs: number, read: () => Promise<unknown>) => {
    // A failed read is not this request's concern: the entry runs out at its TTL and the next
    // request's own read reports the failure.
    if (nowMs - cachedAt >= REFRESH_AFTER_MS) read().catch(() => undefined);
  };

  async function loadUser(userId: number, nowMs: number): Promise<UserRow | undefined> {
    const hit = userCache.get(userId);
    if (hit && nowMs - hit.cachedAt < CACHE_TTL_MS) {
      readAhead(hit.cachedAt, nowMs, () => readUser(userId));
      return hit.user;
    }
    return readUser(userId);
  }

  const service = {
    ttlMs,
    idleMs,

    /** Creates a session and returns the cookie token; only its hash is stored. */
    async create(userId: number, meta: { ip?: string; userAgent?: string }): Promise<{ token: string; expire: Date }> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expire = new Date(now.getTime() + idleMs);
      await repo.insertSession(db, hashToken(token), { userId, createdAt: now.toISOString(), ...meta }, expire);
      return { token, expire };
    },

    async resolve(token: string, now: Date = clock.now()): Promise<ResolvedSession | null> {
      const sid = hashToken(token);
      const nowMs = cacheNow();
      let cached: CachedSession | null | undefined = sessionCache.get(sid);
      if (cached && nowMs - cached.cachedAt < CACHE_TTL_MS)
        readAhead(cached.cachedAt, nowMs, () => readSession(sid, now));
      else {
        cached = await readSession(sid, now);
        if (!cached) return null;
      }
      if (cached.expire.getTime() <= now.getTime() || cached.absoluteExpire.getTime() <= now.getTime()) return null;
      const user = await loadUser(cached.userId, nowMs);
      return user ? { sid, user, expire: cached.expire, absoluteExpire: cached.absoluteExpire } : null;
    },

    /**
     * Idle timeout: a session in use has its deadline moved to a full idle period from now (never
     * past the absolute end), at most once per refresh step. One write per extension: the cached
     * entry takes the new expiry at once, and requests that arrive while the update runs share it.
     */
    async extendIfAging(session: ResolvedSession, now: Date = clock.now()): Promise<Date | null> {
      if (!dueForExtension(session.expire, session.absoluteExpire, now.getTime())) return null;
      const expire = new Date(Math.min(now.getTime() + idleMs, session.absoluteExpire.getTime()));
      return shared(extending, session.sid, () =>
        repo.extendSession(db, session.sid, expire).then(() => {
          const cached = sessionCache.get(session.sid);
          if (cached) cached.expire = expire;
          return expire;
        }),
      );
    },

    /**
     * authenticate() without a promise, when the cache alone can answer: the session and its user
     * are cached and fresh, the session is live and its idle deadline is not due to move (no
     * extension to write). undefined otherwise, and the caller falls back to authenticate().
     */
    authenticateCached(token: string): ResolvedSession | undefined {
      const sid = hashToken(token);
      const nowMs = cacheNow();
      const cached = sessionCache.get(sid);
      if (!cached || nowMs - cached.cachedAt >= CACHE_TTL_MS) return undefined;
      const hit = userCache.get(cached.userId);
      if (!hit || nowMs - hit.cachedAt >= CACHE_TTL_MS) return undefined;
      const clockNow = clock.now();
      const now = clockNow.getTime();
      if (cached.expire.getTime() <= now || cached.absoluteExpire.getTime() <= now) return undefined;
      if (dueForExtension(cached.expire, cached.absoluteExpire, now)) return undefined;
      readAhead(cached.cachedAt, nowMs, () => readSession(sid, clockNow));
      readAhead(hit.cachedAt, nowMs, () => readUser(cached.userId));
      return { sid, user: hit.user, expire: cached.expire, absoluteExpire: cached.absoluteExpire };
    },

    /**
     * The access guard's check: the session behind a cookie token and, when it was extended, its
     * new expiry for the cookie. One clock read for both steps.
     */
    async authenticate(token: string): Promise<{ session: ResolvedSession; extendedTo: Date | null } | null> {
      const now = clock.now();
      const session = await service.resolve(token, now);
      if (!session) return null;
      return { session, extendedTo: await service.extendIfAging(session, now) };
    },

    async destroy(sid: string): Promise<void> {
      await repo.deleteSession(db, sid);
      hub.publish({ type: 'session_revoked', data: { sids: [sid] }, audience: { kind: 'server' } });
    },

    /**
     * Ends every session of a user but `keepSid` (a password change keeps the session that made
     * it). Every instance drops them from its cache and closes their WebSockets (session_revoked).
     */
    async destroyAllForUser(userId: number, keepSid?: string): Promise<void> {
      const sids = await repo.deleteSessionsOfUser(db, userId, keepSid);
      for (const batch of revocationBatches(sids))
        hub.publish({ type: 'session_revoked', data: { sids: batch }, audience: { kind: 'server' } });
    },

    pruneExpired: () => repo.deleteExpiredSessions(db, clock.now()),
  };
  return service;
}

export type SessionService = ReturnType<typeof createSessionService>;
