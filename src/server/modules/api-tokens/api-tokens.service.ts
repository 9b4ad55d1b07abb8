import { hash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { API_TOKENS_PER_USER, type ApiToken, type ApiTokenCreated } from '#shared/schemas/api-tokens.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';
import * as repo from './api-tokens.repository.ts';

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'aik_';
export const TOKEN_NOT_FOUND = 'Token not found';
/** The answer to a missing, wrong or revoked token: the extension shows it as it is. */
export const TOKEN_REFUSED = 'The access token is not valid or was revoked. Create a new one in Edit Profile.';
/** last_used_at is written at most once a minute per token. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => hash('sha256', token, 'hex');

function toApiToken(row: repo.ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Personal access tokens (ADR 032): stored as SHA-256, shown once, revocable, scoped to the extension's routes. */
export function createApiTokensService(deps: { db: Db; clock: Clock; audit: Pick<AuditService, 'record'> }) {
  const { db, clock, audit } = deps;
  return {
    async list(userId: number): Promise<ApiToken[]> {
      return (await repo.listTokens(db, userId)).map(toApiToken);
    },

    async create(user: Pick<UserRow, 'id' | 'username'>, name: string, ip?: string): Promise<ApiTokenCreated> {
      if ((await repo.countLiveTokens(db, user.id)) >= API_TOKENS_PER_USER)
        throw new AppError(
          'CONFLICT',
          `You already have ${API_TOKENS_PER_USER} tokens. Revoke one you no longer use first.`,
        );
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertToken(tx, {
          userId: user.id,
          name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, TOKEN_PREFIX.length + 4),
          createdAt: clock.now(),
        });
        await audit.record(
          { event: 'api_token_created', userId: user.id, username: user.username, ipAddress: ip, details: name },
          tx,
        );
        return inserted;
      });
      return { token, apiToken: toApiToken(row) };
    },

    async revoke(user: Pick<UserRow, 'id' | 'username'>, id: number, ip?: string): Promise<ApiToken> {
      const row = await db.transaction(async (tx) => {
        const revoked = await repo.revokeToken(tx, user.id, id, clock.now());
        if (!revoked) throw notFound(TOKEN_NOT_FOUND);
        await audit.record(
          {
            event: 'api_token_revoked',
            userId: user.id,
            username: user.username,
            ipAddress: ip,
            details: revoked.name,
          },
          tx,
        );
        return revoked;
      });
      return toApiToken(row);
    },

    /**
     * Revokes every token of a user whose credentials changed (deleted, new password, new role),
     * inside the caller's transaction, one audit entry per token naming why (ADR 059).
     */
    async revokeAllForUser(
      tx: DbOrTx,
      user: Pick<UserRow, 'id' | 'username'>,
      reason: string,
      meta: { ip?: string; at: Date },
    ): Promise<number> {
      const revoked = await repo.revokeAllTokens(tx, user.id, meta.at);
      for (const row of revoked)
        await audit.record(
          {
            event: 'api_token_revoked',
            userId: user.id,
            username: user.username.toLowerCase(),
            ipAddress: meta.ip,
            details: `${row.name} (${reason})`,
            timestamp: meta.at,
          },
          tx,
        );
      return revoked.length;
    },

    /** The user a live token belongs to, or null; records the use. */
    async authenticate(token: string): Promise<UserRow | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
      const found = await repo.findLiveToken(db, hashToken(token));
      if (!found) return null;
      const now = clock.now();
      await repo.touchToken(db, found.token.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
      return found.user;
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
