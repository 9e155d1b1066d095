import { Readable } from 'node:stream';
import type { ContentImage } from '~/shared/schemas/site-content';
import { mediaUrl, type MediaStore, type ReceivedFile } from '~/server/services/media';
import type { PhotoSize, ProcessedPhoto } from './process-photo';

const srcsetOf = (sizes: { name: string; width: number }[]) =>
  sizes.map((size) => `${mediaUrl(size.name)} ${size.width}w`).join(', ');

/**
 * Keeps every size of a processed photo in the media store, served by /media like the videos'
 * files, and describes them as a ContentImage (alt left empty: the editor asks for it). All or
 * nothing: if one size cannot be stored, the ones already stored are removed.
 */
export async function storePhoto(
  store: MediaStore,
  photo: ProcessedPhoto,
  onCleanupError: (error: unknown) => void,
): Promise<ContentImage> {
  const stored: { name: string; size: PhotoSize }[] = [];
  let pending: ReceivedFile | undefined;
  try {
    for (const size of photo.sizes) {
      // Checked by its first bytes as an upload is; the limit is its own length.
      pending = await store.receive(Readable.from([size.data]), 'photo', size.data.length);
      await store.keep(pending);
      stored.push({ name: pending.name, size });
      pending = undefined;
    }
  } catch (error) {
    // A received file not yet kept is removed where it waits; kept ones by their names.
    await store.remove([pending, ...stored.map((file) => file.name)]).catch(onCleanupError);
    throw error;
  }

  const named = (format: string) =>
    stored
      .filter((file) => file.size.format === format)
      .map((file) => ({ name: file.name, width: file.size.width, height: file.size.height }));
  const fallback = named(photo.fallback);
  const largest = fallback[fallback.length - 1]!;
  // For a browser that ignores srcset (none today): a middle width, sharp enough on most screens.
  const middle = fallback[Math.floor((fallback.length - 1) / 2)]!;
  return {
    src: mediaUrl(middle.name),
    alt: '',
    width: largest.width,
    height: largest.height,
    srcset: srcsetOf(fallback),
    sources: [{ type: 'image/webp', srcset: srcsetOf(named('webp')) }],
  };
}
