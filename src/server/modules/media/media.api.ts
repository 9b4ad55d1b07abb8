// What the media module offers on purpose: photos checked and re-encoded, and stored media found and
// stored by key, for proposals and the company logo to use inside their own transaction (ADR 013).
export { downloadPhotos, normalisePhoto, type StoredPhoto } from './photo-import.ts';
export {
  attachMediaToProposal,
  deleteMediaByKey,
  deleteMediaNotIn,
  deleteOrphanMedia,
  findMediaByKeys,
  insertStoredMedia,
  mediaKeyFromUrl,
  type MediaPurpose,
} from './media.repository.ts';
