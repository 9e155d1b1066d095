import type * as z from 'zod/mini';
import { videoLimits, type AdminVideo } from '~/shared/schemas/videos';

/** The video form's data: its starting values, the checks before sending, the body it sends. */

export type FileKind = 'videoFile' | 'thumbnailFile' | 'captionsFile';
export type Files = Partial<Record<FileKind, File>>;

/** The rules the server applies: a new video needs its title; an edit may leave fields out. */
export const loadVideoSchema = (editing: boolean) => () =>
  import('~/shared/schemas/videos').then((m): z.ZodMiniType =>
    editing ? m.videoUpdateInput : m.videoCreateInput,
  );

const fileLabels: Record<FileKind, string> = {
  videoFile: 'video file',
  thumbnailFile: 'thumbnail',
  captionsFile: 'captions file',
};

/** The server's limits, checked before a large file is sent for nothing. */
export function tooLarge(files: Files, maxUploadMb: number): Record<string, string> {
  const limits: Record<FileKind, number> = {
    videoFile: maxUploadMb,
    thumbnailFile: Math.min(maxUploadMb, videoLimits.thumbnailMaxMb),
    captionsFile: Math.min(maxUploadMb, videoLimits.captionsMaxMb),
  };
  const errors: Record<string, string> = {};
  for (const kind of Object.keys(limits) as FileKind[]) {
    const file = files[kind];
    if (file && file.size > limits[kind] * 1024 * 1024) {
      errors[kind] = `The ${fileLabels[kind]} is larger than the ${limits[kind]} MB limit.`;
    }
  }
  return errors;
}

export function initialValues(video?: AdminVideo) {
  const stored = (url: string | null) => url?.startsWith('/media/') ?? false;
  return {
    title: video?.title ?? '',
    videoUrl: video && video.source === 'link' ? video.videoUrl : '',
    thumbnailUrl: video && !stored(video.thumbnailUrl) ? (video.thumbnailUrl ?? '') : '',
    caption: video?.caption ?? '',
    description: video?.description ?? '',
    fileSize:
      video && video.source === 'link' && video.fileSize !== null ? String(video.fileSize) : '',
    duration:
      video?.duration !== null && video?.duration !== undefined ? String(video.duration) : '',
    isPublished: 'false',
    removeThumbnail: 'false',
    removeCaptions: 'false',
  };
}

export type VideoFormValues = ReturnType<typeof initialValues>;

/** The multipart body: on an edit, only what the form means to change. */
export function formBody(values: VideoFormValues, files: Files, video?: AdminVideo): FormData {
  const body = new FormData();
  const add = (name: string, value: string) => body.append(name, value);
  for (const name of ['title', 'caption', 'description', 'duration'] as const)
    add(name, values[name]);
  if (values.videoUrl.trim() && !files.videoFile) add('videoUrl', values.videoUrl);
  const storedThumbnail = video?.thumbnailUrl?.startsWith('/media/') ?? false;
  if (values.removeThumbnail === 'true') add('thumbnailUrl', '');
  else if (!files.thumbnailFile && (values.thumbnailUrl.trim() || (video && !storedThumbnail))) {
    add('thumbnailUrl', values.thumbnailUrl);
  }
  const isLink = !files.videoFile && (values.videoUrl.trim() !== '' || video?.source === 'link');
  if (isLink) add('fileSize', values.fileSize);
  if (!video) add('isPublished', values.isPublished);
  if (values.removeCaptions === 'true') add('removeCaptions', 'true');
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return body;
}
