/** The site content's photos: upload, sizes and formats, the media names a content document uses. */
export { adminSitePhotoRoutes } from './admin-routes';
export { photoNamesIn } from './photo-names';
export { listContentPhotos } from './list-content-photos';
export { photoMultipartLimits, readPhotoUpload } from './read-photo-upload';
export { photoMessages, type ProcessedPhoto } from './process-photo';
export { storePhoto } from './store-photo';
