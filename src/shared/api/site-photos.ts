/** The office's photos for the site's content (src/shared/route.ts). */
export const sitePhotosApi = {
  /**
   * Multipart `file`: a photo made into its sizes and formats; answers the image for a section.
   * @caller admin
   */
  upload: 'POST /api/admin/site-content/photos',
} as const;
