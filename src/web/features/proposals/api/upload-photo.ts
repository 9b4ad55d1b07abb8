import { useMutation } from '@tanstack/react-query';
import { uploadedPhotoSchema, type UploadedPhoto } from '../../../../shared/schemas/proposals.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/proposals/photos with the image itself as the body; answers its stored URL. */
export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) throw new ApiError(415, `${file.name}: upload a JPEG, PNG or WebP photo`);
  const res = await fetch('/api/proposals/photos', { method: 'POST', headers: { 'content-type': file.type }, body: file, credentials: 'include' });
  const text = await res.text();
  if (!res.ok) {
    let message = text || res.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, message);
  }
  return uploadedPhotoSchema.parse(JSON.parse(text));
}

export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
