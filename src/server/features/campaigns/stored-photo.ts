import { contentImage, type ContentImage } from '~/shared/schemas/site-content';
import { photoNamesIn } from '~/server/features/site-photos';

/** A `photo_key` as JSON, or undefined when it does not read as JSON. */
function parsedKey(photoKey: string | null): unknown {
  if (!photoKey) return undefined;
  try {
    return JSON.parse(photoKey) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A campaign's or team's photo as its page shows it: `photo_key` keeps the stored sizes'
 * description (the site content's image) and `alt` is the title or the team's name. A key that
 * does not read as one is left out rather than break the page.
 */
export function storedPhoto(photoKey: string | null, alt: string): { photo?: ContentImage } {
  const parsed = parsedKey(photoKey);
  if (!parsed || typeof parsed !== 'object') return {};
  const photo = contentImage.safeParse({ ...parsed, alt });
  return photo.success ? { photo: photo.data } : {};
}

/** The media names of a stored photo's sizes: removed once another photo replaces it. */
export function storedPhotoNames(photoKey: string | null): string[] {
  const parsed = parsedKey(photoKey);
  return parsed === undefined ? [] : photoNamesIn(parsed);
}
