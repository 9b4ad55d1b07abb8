/**
 * A proposal's photos on save (ADR 013): the product's own '/media/{key}' URLs are kept,
 * marketplace URLs are downloaded through the safe fetcher, resized and stored, so the proposal
 * outlives the listing. Downloads happen before the transaction; only inserts happen inside it.
 */
import type { DbOrTx } from '#server/db/client.ts';
import type { PhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import {
  downloadPhotos,
  findMediaByKeys,
  insertStoredMedia,
  mediaKeyFromUrl,
  type StoredPhoto,
} from '#server/modules/media/media.api.ts';

export type PhotoSlot = { kind: 'stored'; url: string; key: string } | { kind: 'new'; url: string; photo: StoredPhoto };

export interface ResolvedPhotos {
  slots: PhotoSlot[];
  failed: { url: string; message: string }[];
}

const isRemote = (url: string) => /^https?:\/\//i.test(url);

/**
 * Sorts the requested URLs into kept, downloaded and failed, in the order staff chose. A stored
 * photo is kept as is when it is a fresh upload or already this proposal's; one that belongs to
 * another proposal is copied, so deleting either proposal never takes the other's photos.
 */
export async function resolvePhotos(
  db: DbOrTx,
  urls: string[],
  photos: PhotoFetcher,
  proposalId: number | null,
): Promise<ResolvedPhotos> {
  const unique = [...new Set(urls)];
  const keys = unique.map((u) => mediaKeyFromUrl(u)).filter((k): k is string => k !== null);
  const stored = new Map((await findMediaByKeys(db, keys)).map((m) => [m.key, m]));
  const remote = unique.filter((u) => mediaKeyFromUrl(u) === null && isRemote(u));
  const downloaded = new Map((remote.length ? await downloadPhotos(remote, photos) : []).map((d) => [d.url, d]));

  const slots: PhotoSlot[] = [];
  const failed: ResolvedPhotos['failed'] = [];
  for (const url of unique) {
    const key = mediaKeyFromUrl(url);
    if (key !== null) {
      const media = stored.get(key);
      if (!media) failed.push({ url, message: 'This photo is no longer stored; upload it again' });
      else if (media.proposalId === null || media.proposalId === proposalId)
        slots.push({ kind: 'stored', url: `/media/${key}`, key });
      else slots.push({ kind: 'new', url, photo: copyOf(media) });
      continue;
    }
    if (!isRemote(url)) {
      failed.push({ url, message: 'Not a photo address' });
      continue;
    }
    const d = downloaded.get(url);
    if (d?.photo) slots.push({ kind: 'new', url, photo: d.photo });
    else failed.push({ url, message: d?.error ?? 'The photo could not be copied' });
  }
  return { slots, failed };
}

function copyOf(media: Awaited<ReturnType<typeof findMediaByKeys>>[number]): StoredPhoto {
  return {
    data: Buffer.from(media.data),
    contentType: media.contentType as StoredPhoto['contentType'],
    width: media.width ?? 0,
    height: media.height ?? 0,
    sha256: media.sha256,
    sourceUrl: media.sourceUrl,
  };
}

/** Stores the new photos for the proposal (inside its transaction) and answers the final ordered URLs and keys. */
export async function storePhotos(
  tx: DbOrTx,
  slots: PhotoSlot[],
  proposalId: number,
): Promise<{ urls: string[]; keys: string[] }> {
  const urls: string[] = [];
  const keys: string[] = [];
  for (const slot of slots) {
    if (slot.kind === 'stored') {
      urls.push(slot.url);
      keys.push(slot.key);
    } else {
      const stored = await insertStoredMedia(tx, slot.photo, proposalId);
      urls.push(stored.url);
      keys.push(stored.key);
    }
  }
  return { urls, keys };
}
