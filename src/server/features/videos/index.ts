/** Teaching videos: the public library and comments, the admin's uploads and moderation. */
export { videoRoutes } from './public-routes';
export { adminVideoRoutes } from './admin-routes';
export { loadVideosPageData } from './page-data';
export { listStoredMedia } from './list-stored-media';
