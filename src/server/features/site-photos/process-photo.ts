import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '~/server/errors';
import { inspector } from '~/server/services/media';

/**
 * An uploaded photo made into the sizes and formats the pages serve (the choices and
 * why: docs/decisions/033-site-content.md). The upload is checked
 * by its bytes, never its name or the browser's type: first its signature and size as it
 * arrives (the media store's inspector), then libvips's own reading of it. Every size is decoded
 * from the pixels alone, so nothing of the upload's metadata (EXIF with its GPS position, XMP,
 * IPTC, comments) survives; only the orientation is applied first.
 */

/** The widths a page may ask for, narrowest first: phones, half a screen, a screen, a wide one. */
export const photoWidths = [480, 960, 1600, 2400] as const;
const widestPhoto = 2400;
/** A camera's 48-megapixel photo passes; a small file that unpacks to a billion pixels does not. */
export const maxPhotoPixels = 50_000_000;

/** WebP at 80 and mozjpeg at 82 look alike on photos; the PNG stays lossless (drawings, logos). */
const quality = { webp: 80, jpeg: 82 } as const;

export type PhotoFormat = 'webp' | 'jpg' | 'png';

export interface PhotoSize {
  format: PhotoFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** The format of the sizes for browsers without WebP: JPEG, or PNG when the photo has see-through parts. */
  fallback: 'jpg' | 'png';
  /** Each width twice, WebP and the fallback, narrowest first. */
  sizes: PhotoSize[];
}

const accepted = new Set(['jpeg', 'png', 'webp']);

export const photoMessages = {
  notAnImage:
    'This file is not a JPEG, PNG or WebP photo, whatever its name says. Save the photo as a JPEG and upload it again.',
  unreadable:
    'This photo could not be read: the file is damaged or incomplete. Open it on your computer, save it again as a JPEG, and upload that.',
  cutOff: 'The photo did not arrive whole. Please try uploading it again.',
  tooLarge: (maxMb: number) =>
    `The photo is larger than the ${maxMb} MB limit. Save it smaller (a JPEG about 3000 pixels wide is plenty) and upload it again.`,
  tooManyPixels: (width: number, height: number) =>
    `The photo is ${width} × ${height} pixels, more than the ${maxPhotoPixels / 1_000_000} megapixels allowed. Resize it (about 3000 pixels wide is plenty) and upload it again.`,
};

/** The upload's bytes, refused as soon as its first bytes are not an image or it passes maxBytes. */
async function readUpload(source: Readable, maxBytes: number): Promise<Buffer> {
  const check = inspector('photo', maxBytes);
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    await pipeline(source, check.stream, collect);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') {
      throw new AppError('payload_too_large', photoMessages.tooLarge(maxBytes / 1024 / 1024));
    }
    if (error instanceof AppError && error.code === 'unsupported_media_type') {
      throw new AppError('unsupported_media_type', photoMessages.notAnImage);
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

/** libvips refuses what it cannot decode: a truncated or damaged file, a format it does not know. */
const unreadable = (cause: unknown) =>
  Object.assign(new AppError('unsupported_media_type', photoMessages.unreadable), { cause });

/** Reads the whole upload, checks it, and makes every size; nothing is stored here. */
export async function processPhoto(source: Readable, maxBytes: number): Promise<ProcessedPhoto> {
  const input = await readUpload(source, maxBytes);
  // 'error' refuses truncated and corrupt data; the stricter 'warning' would also refuse the
  // harmless oddities some cameras write.
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: maxPhotoPixels });

  // The header alone, read without the pixel limit so that a refusal can say the photo's size;
  // the pixels are only decoded below, within the limit.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  if (!accepted.has(metadata.format)) {
    throw new AppError('unsupported_media_type', photoMessages.notAnImage);
  }
  if (metadata.width * metadata.height > maxPhotoPixels) {
    throw new AppError(
      'payload_too_large',
      photoMessages.tooManyPixels(metadata.autoOrient.width, metadata.autoOrient.height),
    );
  }

  try {
    // An alpha channel that is opaque everywhere (common in PNG exports) gets a JPEG fallback.
    const transparent = metadata.hasAlpha && !(await open().stats()).isOpaque;
    const widths = widthsFor(metadata.autoOrient.width);
    const largest = widths.at(-1)!;
    // Decoded once, oriented, in sRGB, at the largest width; every size is made from these pixels.
    const oriented = open().rotate().resize({ width: largest }).toColourspace('srgb');
    if (!transparent) oriented.removeAlpha();
    const pixels = await oriented.raw().toBuffer({ resolveWithObject: true });
    const raw = {
      width: pixels.info.width,
      height: pixels.info.height,
      channels: pixels.info.channels,
    };

    const fallback = transparent ? 'png' : 'jpg';
    const sizes: PhotoSize[] = [];
    for (const width of widths) {
      const resized = () => sharp(pixels.data, { raw }).resize({ width });
      for (const format of ['webp', fallback] as const) {
        sizes.push(await encode(resized(), format));
      }
    }
    return { fallback, sizes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  }
}

async function encode(image: Sharp, format: PhotoFormat): Promise<PhotoSize> {
  const encoded =
    format === 'webp'
      ? image.webp({ quality: quality.webp })
      : format === 'jpg'
        ? image.jpeg({ quality: quality.jpeg, mozjpeg: true })
        : image.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.height, data };
}

/**
 * The listed widths narrower than the photo, then the photo's own width when it is well past
 * the last of them (a 2000-pixel photo is not cut to 1600), never wider than the photo.
 */
export function widthsFor(width: number): number[] {
  const widths: number[] = photoWidths.filter((w) => w <= width);
  const last = widths.at(-1);
  if (width < widestPhoto && (!last || width > last * 1.2)) {
    widths.push(width);
  }
  return widths;
}
