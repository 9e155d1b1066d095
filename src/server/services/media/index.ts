/**
 * Uploaded files (videos, thumbnails, captions, photos): the store on disk or in an S3 bucket,
 * what each kind may be, the limits every upload form checks, and GET /media/<name>.
 */
export { mediaRoutes, mediaStoreFor, mediaUrl } from './media-routes';
export { createMediaStoreFromEnv, type ConfiguredMediaStore } from './media-store-from-env';
export {
  createMediaStore,
  inspector,
  mediaKinds,
  storedNamePattern,
  type MediaKind,
  type MediaStore,
  type ReceivedFile,
  type StoredMediaRef,
} from './media-store';
export { isBrokenForm, MB, uploadLimits } from './uploads';
