import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { apiTokens, users } from '#server/db/schema/auth.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(
  db: DbOrTx,
  values: { userId: number; name: string; tokenHash: string; prefix: string; createdAt: Date },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

export async function listTokens(db: DbOrTx, userId: number): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id));
}

export async function countLiveTokens(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes one of the user's tokens; undefined when the user has no such token. */
export async function revokeToken(db: DbOrTx, userId: number, id: number, at: Date): Promise<ApiTokenRow | undefined> {
  const [existing] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!existing) return undefined;
  if (existing.revokedAt) return existing;
  const [row] = await db.update(apiTokens).set({ revokedAt: at }).where(eq(apiTokens.id, id)).returning();
  return row;
}

/** Revokes every live token of a user; answers the ones it revoked. */
export async function revokeAllTokens(db: DbOrTx, userId: number, at: Date): Promise<ApiTokenRow[]> {
  return db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
}

/** A live token by its hash, with its user; a deleted user's tokens are dead (ADR 059). */
export async function findLiveToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), isNull(users.deletedAt)));
  return row;
}

/** Records a use, at most once per `every` (a burst of calls writes once). */
export async function touchToken(db: DbOrTx, id: number, at: Date, notSince: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: at })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, notSince))));
}
