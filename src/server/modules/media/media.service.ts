import type { DbOrTx } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import { findServableMedia } from './media.repository.ts';

export interface ServedMedia {
  data: Uint8Array;
  contentType: string;
  sha256: string;
}

/** Photos stored by the product (proposal photos, uploads), served from its own URLs. */
export function createMediaService(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    /** One stored photo by its public key; NOT_FOUND when there is none. */
    async get(key: string): Promise<ServedMedia> {
      const media = await findServableMedia(db, key);
      if (!media) throw notFound('Not found');
      return media;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
