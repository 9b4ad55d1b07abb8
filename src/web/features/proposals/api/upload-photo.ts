import { uploadedPhotoSchema, type UploadedPhoto } from '#shared/schemas/proposals.ts';
import { ApiError, apiUpload } from '#web/lib/api-client.ts';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/proposals/photos with the image itself as the body; answers its stored URL. */
export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type))
    throw new ApiError(415, `${file.name}: upload a JPEG, PNG or WebP photo`);
  return uploadedPhotoSchema.parse(await apiUpload('/api/proposals/photos', file));
}
