import { contentLimits } from '~/shared/schemas/site-content';
import { videoLimits } from '~/shared/schemas/videos';
import { AppError } from '~/server/errors';
import type { MediaKind } from './media-store';

export const MB = 1024 * 1024;

/**
 * The most bytes each kind of file may have, under the site's MAX_VIDEO_MB: every upload form
 * (videos, the site's photos, a gift's photo) checks its files against the same figures.
 */
export function uploadLimits(maxVideoMb: number): Record<MediaKind, number> {
  return {
    video: maxVideoMb * MB,
    thumbnail: Math.min(maxVideoMb, videoLimits.thumbnailMaxMb) * MB,
    captions: Math.min(maxVideoMb, videoLimits.captionsMaxMb) * MB,
    photo: Math.min(maxVideoMb, contentLimits.imageMaxMb) * MB,
  };
}

/** busboy's refusals of a body that breaks off or names no boundary: the sender's, a 400. */
export function isBrokenForm(error: unknown) {
  return (
    error instanceof Error &&
    !(error instanceof AppError) &&
    /unexpected end of multipart data|boundary not found/i.test(error.message)
  );
}
