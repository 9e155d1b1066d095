import type { FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { isBrokenForm } from '~/server/services/media';
import { photoMessages, processPhoto, type ProcessedPhoto } from './process-photo';

const MB = 1024 * 1024;

/** Options for @fastify/multipart: one file and nothing much else; processPhoto checks the size. */
export function photoMultipartLimits(maxBytes: number) {
  return { fileSize: maxBytes + 1, files: 1, fields: 2, fieldSize: 1024, parts: 3 };
}

export const chooseAPhoto = 'Choose a photo to upload (JPEG, PNG or WebP).';

/** A refusal the editor shows beside its file input. */
const onTheFileField = (error: unknown) =>
  error instanceof AppError && !error.fields && error.statusCode < 500
    ? Object.assign(new AppError(error.code, error.message, { file: error.message }), {
        cause: error,
      })
    : error;

function multipartError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', photoMessages.tooLarge(maxBytes / MB));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('bad_request', 'Send one photo at a time.');
  }
  if (isBrokenForm(error)) {
    return Object.assign(new AppError('bad_request', photoMessages.cutOff), { cause: error });
  }
  return error;
}

/**
 * The photo of a multipart/form-data upload (field `file`), read and made into its sizes as it
 * arrives. Every refusal names the `file` field, in words the office can act on.
 */
export async function readPhotoUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ProcessedPhoto> {
  try {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', chooseAPhoto);
    let photo: ProcessedPhoto | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || photo) {
        part.file.resume();
        throw new AppError('bad_request', 'Send one photo at a time, in the file field.');
      }
      // An empty file input is sent as a part with no name and no bytes: nothing was chosen.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      photo = await processPhoto(part.file, maxBytes);
      if (part.file.truncated) {
        throw new AppError('payload_too_large', photoMessages.tooLarge(maxBytes / MB));
      }
    }
    if (!photo) throw new AppError('validation_failed', chooseAPhoto);
    return photo;
  } catch (error) {
    throw onTheFileField(multipartError(error, maxBytes));
  }
}
