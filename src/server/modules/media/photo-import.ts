import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { PhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { SafeFetchError } from '#server/lib/safe-fetch-error.ts';
import { AppError } from '#server/lib/app-error.ts';
import { PROPOSAL_LIMITS } from '#shared/schemas/proposals.ts';

/** A photo as the product stores it (ADR 013): re-encoded, metadata stripped, bounded size. */
export interface StoredPhoto {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
  sha256: string;
  sourceUrl: string | null;
}

// maxBytes is the limit the photo fetch enforces while it downloads (integrations/listings).
export const PHOTO_LIMITS = { maxBytes: PROPOSAL_LIMITS.maxPhotoBytes, maxPhotos: 60, maxEdge: 1920 } as const;

// Decoded by content; AVIF reports as heif with AV1 compression (HEIC/HEVC is not decodable here).
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif']);
// 100 megapixels is above any phone or marketplace photo, and keeps decompression bombs out.
const MAX_INPUT_PIXELS = 100_000_000;

const unsupported = () => new AppError('VALIDATION', 'Unsupported image');

/**
 * Decodes an untrusted image and re-encodes it: EXIF orientation applied, all metadata (GPS,
 * camera serials) dropped, fitted within 1920×1920 without enlarging, JPEG unless it has
 * transparency (then WebP).
 */
export async function normalisePhoto(input: Buffer, sourceUrl: string | null): Promise<StoredPhoto> {
  // failOn 'error' refuses truncated and corrupt files but tolerates the harmless warnings many cameras produce.
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    throw unsupported();
  }
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!DECODABLE.has(meta.format ?? '') && !isAvif) throw unsupported();

  try {
    const base = open()
      .rotate()
      .resize({ width: PHOTO_LIMITS.maxEdge, height: PHOTO_LIMITS.maxEdge, fit: 'inside', withoutEnlargement: true });
    // An alpha channel that is fully opaque (common in PNG exports) does not need WebP.
    const transparent = meta.hasAlpha && !(await open().stats()).isOpaque;
    const { data, info } = transparent
      ? await base.webp({ quality: 82, alphaQuality: 90 }).toBuffer({ resolveWithObject: true })
      : await base
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: transparent ? 'image/webp' : 'image/jpeg',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
      sourceUrl,
    };
  } catch {
    throw unsupported();
  }
}

function describeError(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (!(err instanceof SafeFetchError)) return 'Could not import the photo';
  switch (err.code) {
    case 'too_large':
      return 'Photo larger than 15 MB';
    case 'http_error':
      return `The photo server answered HTTP ${err.status}`;
    case 'timeout':
      return 'The photo server did not answer in time';
    case 'unsupported_content_type':
      return 'Not a JPEG, PNG, WebP, AVIF or GIF image';
    case 'host_not_allowed':
    case 'private_address':
    case 'scheme_not_allowed':
    case 'credentials_in_url':
    case 'port_not_allowed':
    case 'invalid_url':
      return 'Photo address not allowed';
    default:
      return 'Could not download the photo';
  }
}

/**
 * Downloads (through the listings integration's fetcher) and normalises photos, a few at a time.
 * Results keep the order of `urls`; one failure is reported on its own entry and does not stop the others.
 */
export async function downloadPhotos(
  urls: string[],
  fetcher: PhotoFetcher,
  opts: { concurrency?: number } = {},
): Promise<Array<{ url: string; photo?: StoredPhoto; error?: string }>> {
  if (urls.length > PHOTO_LIMITS.maxPhotos)
    throw new AppError('VALIDATION', `At most ${PHOTO_LIMITS.maxPhotos} photos`);
  const results: Array<{ url: string; photo?: StoredPhoto; error?: string }> = urls.map((url) => ({ url }));
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      const url = urls[i]!;
      try {
        results[i] = { url, photo: await normalisePhoto(await fetcher.fetchPhoto(url), url) };
      } catch (err) {
        results[i] = { url, error: describeError(err) };
      }
    }
  };
  const workers = Math.max(1, Math.min(opts.concurrency ?? 4, urls.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
