/** Admin → Site Content: the office's draft and published versions of the public pages' content. */
export { adminSiteContentRoutes } from './admin-routes';
export { createSiteContentService } from './site-content-service';
export { publicSiteContentRoutes } from './public-routes';
