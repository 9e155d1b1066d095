/** Teaching videos: the public library and comments, the admin's uploads and moderation, media. */
export { videoRoutes } from './public-routes';
export { adminVideoRoutes } from './admin-routes';
export { mediaRoutes } from './media-routes';
export { loadVideosPageData } from './videos-page-data';
