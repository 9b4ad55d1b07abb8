import { hash, randomBytes } from 'node:crypto';
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
const CACHE_TTL_MS = 10_000;
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

/** The session id stored in the database: SHA-256 of the cookie token (one-shot crypto.hash, no Hash object). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export function createSessionService(deps: { db: Db; clock: Clock; hub: EventHub; ttlDays: number; idleDays: number }) {
  const { db, clock, hub } = deps;
  const ttlMs = deps.ttlDays * 24 * 3600_000;
  const idleMs = Math.min(deps.idleDays * 24 * 3600_000, ttlMs);
  const refreshMs = Math.min(IDLE_REFRESH_MS, idleMs / 2);
  /** Used now, the session's idle deadline is due to move: it lags by a refresh step or more. */
  const dueForExtension = (expire: Date, absoluteExpire: Date, nowMs: number) =>
    expire.getTime() < absoluteExpire.getTime() && expire.getTime() - nowMs < idleMs - refreshMs;
  const absoluteOf = (sess: repo.SessionData) => new Date(new Date(sess.createdAt).getTime() + ttlMs);
  const sessionCache = new Map<string, CachedSession>();
  const userCache = new Map<number, { user: UserRow; cachedAt: number }>();

  hub.subscribe((event) => {
    if (event.type === 'session_revoked') for (const sid of event.data.sids as string[]) sessionCache.delete(sid);
    if (event.type === 'user_updated' || event.type === 'user_deleted') userCache.delete(Number(event.data.userId));
  });

  // Sliding-expiry updates in flight, by session id.
  const extending = new Map<string, Promise<Date>>();

  async function loadUser(userId: number, nowMs: number): Promise<UserRow | undefined> {
    const hit = userCache.get(userId);
    if (hit && nowMs - hit.cachedAt < CACHE_TTL_MS) return hit.user;
    const user = await findUserById(db, userId);
    if (user) {
      if (userCache.size >= MAX_CACHED) userCache.clear();
      userCache.set(userId, { user, cachedAt: nowMs });
    }
    return user;
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
      const nowMs = Date.now();
      let cached = sessionCache.get(sid);
      if (!cached || nowMs - cached.cachedAt >= CACHE_TTL_MS) {
        const row = await repo.findLiveSession(db, sid, now);
        if (!row) {
          sessionCache.delete(sid);
          return null;
        }
        cached = { userId: row.sess.userId, expire: row.expire, absoluteExpire: absoluteOf(row.sess), cachedAt: nowMs };
        if (sessionCache.size >= MAX_CACHED) sessionCache.clear();
        sessionCache.set(sid, cached);
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
      const pending = extending.get(session.sid);
      if (pending) return pending;
      const expire = new Date(Math.min(now.getTime() + idleMs, session.absoluteExpire.getTime()));
      const update = repo
        .extendSession(db, session.sid, expire)
        .then(() => {
          const cached = sessionCache.get(session.sid);
          if (cached) cached.expire = expire;
          return expire;
        })
        .finally(() => extending.delete(session.sid));
      extending.set(session.sid, update);
      return update;
    },

    /**
     * authenticate() without a promise, when the cache alone can answer: the session and its user
     * are cached and fresh, the session is live and its idle deadline is not due to move (no
     * extension to write). undefined otherwise, and the caller falls back to authenticate().
     */
    authenticateCached(token: string): ResolvedSession | undefined {
      const sid = hashToken(token);
      const nowMs = Date.now();
      const cached = sessionCache.get(sid);
      if (!cached || nowMs - cached.cachedAt >= CACHE_TTL_MS) return undefined;
      const hit = userCache.get(cached.userId);
      if (!hit || nowMs - hit.cachedAt >= CACHE_TTL_MS) return undefined;
      const now = clock.now().getTime();
      if (cached.expire.getTime() <= now || cached.absoluteExpire.getTime() <= now) return undefined;
      if (dueForExtension(cached.expire, cached.absoluteExpire, now)) return undefined;
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
