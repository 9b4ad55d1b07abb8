import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { storedMedia } from '#server/db/schema/proposals.ts';
import type { StoredPhoto } from './photo-import.ts';

const MEDIA_URL = /^\/media\/([a-f0-9]{16,64})$/i;

/** 'proposal': photos (an upload never saved into a proposal is pruned); 'logo': the company logo (Settings). */
export type MediaPurpose = 'proposal' | 'logo';

/** Stores a normalised photo under a fresh unguessable key; served publicly at the returned url. */
export async function insertStoredMedia(
  db: DbOrTx,
  photo: StoredPhoto,
  proposalId: number | null,
  purpose: MediaPurpose = 'proposal',
): Promise<{ key: string; url: string }> {
  const key = randomBytes(16).toString('hex');
  await db.insert(storedMedia).values({
    key,
    proposalId,
    purpose,
    contentType: photo.contentType,
    byteSize: photo.data.length,
    width: photo.width,
    height: photo.height,
    sha256: photo.sha256,
    sourceUrl: photo.sourceUrl,
    data: photo.data,
  });
  return { key, url: `/media/${key}` };
}

/**
 * Attaches unattached media (fresh uploads) to a proposal. Media already belonging to another
 * proposal is left alone: a key seen in one proposal's URLs must not move another's photos.
 */
export async function attachMediaToProposal(db: DbOrTx, keys: string[], proposalId: number): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedMedia)
    .set({ proposalId })
    .where(
      and(inArray(storedMedia.key, keys), or(isNull(storedMedia.proposalId), eq(storedMedia.proposalId, proposalId))),
    );
}

/** Deletes a proposal's media whose key is not kept (photos removed in the editor); returns how many. */
export async function deleteMediaNotIn(db: DbOrTx, proposalId: number, keepKeys: string[]): Promise<number> {
  const rows = await db
    .delete(storedMedia)
    .where(
      and(
        eq(storedMedia.proposalId, proposalId),
        keepKeys.length > 0 ? notInArray(storedMedia.key, keepKeys) : undefined,
      ),
    )
    .returning({ id: storedMedia.id });
  return rows.length;
}

/** The key of one of our own media URLs ('/media/<key>'), or null for any other URL. */
export function mediaKeyFromUrl(url: string): string | null {
  return MEDIA_URL.exec(url.trim())?.[1] ?? null;
}

/** What serving one stored photo needs: its bytes, type and hash (the ETag); undefined when unknown. */
export async function findServableMedia(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ data: storedMedia.data, contentType: storedMedia.contentType, sha256: storedMedia.sha256 })
    .from(storedMedia)
    .where(eq(storedMedia.key, key))
    .limit(1);
  return row;
}

/** The stored media of these keys with their owner, for deciding what a proposal may keep as is. */
export async function findMediaByKeys(db: DbOrTx, keys: string[]) {
  if (!keys.length) return [];
  return db.select().from(storedMedia).where(inArray(storedMedia.key, keys));
}

/** Uploads never saved into a proposal, older than `before`; answers how many were deleted. */
export async function deleteOrphanMedia(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(storedMedia)
    .where(and(isNull(storedMedia.proposalId), eq(storedMedia.purpose, 'proposal'), lt(storedMedia.createdAt, before)))
    .returning({ id: storedMedia.id });
  return rows.length;
}

/** Deletes one stored item of this purpose by key (a replaced logo); a key of another purpose is left alone. */
export async function deleteMediaByKey(db: DbOrTx, key: string, purpose: MediaPurpose): Promise<void> {
  await db.delete(storedMedia).where(and(eq(storedMedia.key, key), eq(storedMedia.purpose, purpose)));
}
