/** Teaching videos: the public library and comments, the admin's uploads and moderation, media. */
export { videoRoutes } from './public-routes';
export { adminVideoRoutes } from './admin-routes';
export { mediaRoutes, mediaStoreFor } from './media-routes';
export { isBrokenForm, uploadLimits } from './read-video-form';
export { loadVideosPageData } from './videos-page-data';
export { listStoredMedia, type StoredMediaRef } from './list-stored-media';
export { createMediaStoreFromEnv } from './media-store-from-env';
export {
  createMediaStore,
  inspector,
  mediaKinds,
  storedNamePattern,
  type MediaKind,
  type MediaStore,
  type ReceivedFile,
} from './media-store';
