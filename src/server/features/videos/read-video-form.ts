import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { videoLimits } from '~/shared/schemas/videos';
import { AppError } from '~/server/errors';
import {
  isBrokenForm,
  MB,
  uploadLimits,
  type MediaKind,
  type MediaStore,
  type ReceivedFile,
} from '~/server/services/media';

/** The form's file inputs, by the multipart field they arrive in. */
const fileFields: Record<string, MediaKind> = {
  videoFile: 'video',
  thumbnailFile: 'thumbnail',
  captionsFile: 'captions',
};

/** Options for @fastify/multipart: the store checks each file's size itself, this is the cap. */
export function multipartLimits(maxVideoMb: number) {
  return {
    fileSize: maxVideoMb * MB + 1,
    files: Object.keys(fileFields).length,
    fields: 20,
    fieldSize: videoLimits.descriptionMax * 4,
    parts: 30,
  };
}

export interface VideoForm {
  fields: Record<string, unknown>;
  files: Partial<Record<MediaKind, ReceivedFile>>;
}

function multipartError(error: unknown, maxVideoMb: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', `The file is larger than the ${maxVideoMb} MB limit.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', 'The form has more parts than a video needs.');
  }
  if (isBrokenForm(error)) {
    return Object.assign(
      new AppError('bad_request', 'The upload did not arrive whole. Please try again.'),
      { cause: error },
    );
  }
  return error;
}

/**
 * The video form, sent as JSON (the spec's call) or as multipart/form-data with files. Each file
 * streams to the store's temporary area as it arrives, checked by content and size; if anything
 * fails, the files received so far are removed before the error is answered.
 */
export async function readVideoForm(
  request: FastifyRequest,
  store: MediaStore,
  maxVideoMb: number,
): Promise<VideoForm> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('bad_request', 'Send the video as a JSON object or a form.');
    }
    return { fields: body as Record<string, unknown>, files: {} };
  }
  const limits = uploadLimits(maxVideoMb);
  const form: VideoForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = part.value;
        continue;
      }
      const kind = fileFields[part.fieldname];
      // An empty file input is sent as a part with no name and no bytes: nothing was chosen.
      if (kind && part.filename === '') {
        part.file.resume();
        continue;
      }
      if (!kind || form.files[kind]) {
        throw new AppError('bad_request', `Unexpected file field: ${part.fieldname}`);
      }
      const received = await store.receive(part.file, kind, limits[kind]);
      form.files[kind] = received;
      if (part.file.truncated) {
        throw new AppError(
          'payload_too_large',
          `The file is larger than the ${maxVideoMb} MB limit.`,
        );
      }
    }
  } catch (error) {
    await store.remove(Object.values(form.files));
    throw multipartError(error, maxVideoMb);
  }
  return form;
}

/** Validates fields with a shared schema, refusing as the error handler does for route schemas. */
export function parseFields<S extends z.ZodMiniType>(schema: S, fields: unknown): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    messages[issue.path.map(String).join('.') || '_'] ??= issue.message;
  }
  throw new AppError('validation_failed', Object.values(messages)[0] ?? 'Invalid input', messages);
}
