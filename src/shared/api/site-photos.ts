/** The office's photos for the site's content (src/shared/route.ts). */
export const sitePhotosApi = {
  upload: 'POST /api/admin/site-content/photos',
} as const;
