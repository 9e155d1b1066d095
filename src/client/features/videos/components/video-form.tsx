import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { videoLimits, videoMessages, type AdminVideo } from '~/shared/schemas/videos';
import { formatFileSize } from '~/shared/video-format';
import { useSendVideoForm } from '~/client/features/videos/api/upload-video';
import {
  formBody,
  initialValues,
  loadVideoSchema,
  tooLarge,
  type FileKind,
  type Files,
  type VideoFormValues,
} from '~/client/features/videos/lib/video-form-data';
import { FileField } from '~/client/components/ui/file-field';

/**
 * Spec 5's video form (title and video URL required, thumbnail URL, caption, description, file
 * size and duration as whole numbers) plus real files: a video, a thumbnail image, captions.
 * With `video` it edits that video; without, it adds one.
 */
export function VideoForm({
  video,
  maxUploadMb,
  onDone,
}: {
  video?: AdminVideo;
  maxUploadMb: number;
  onDone?: () => void;
}) {
  const toast = useToast();
  const send = useSendVideoForm();
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  // A new key empties the file inputs after a successful upload.
  const [formKey, setFormKey] = useState(0);
  const form = useZodForm(loadVideoSchema(video !== undefined), initialValues(video));
  const { submitting } = form;
  const { values } = form;
  // The checks the schema cannot make (file sizes, a file or a link) show like its own.
  const errors: Record<string, string | undefined> = { ...form.errors };
  for (const [name, message] of Object.entries(fileErrors)) if (message) errors[name] = message;
  const setValue = (name: string, value: string) => {
    form.setValue(name, value);
    setFileErrors((prev) => ({ ...prev, [name]: '' }));
  };
  const setFile = (kind: FileKind) => (file: File | null) => {
    setFiles((prev) => ({ ...prev, [kind]: file ?? undefined }));
    setFileErrors((prev) => ({ ...prev, [kind]: '', videoUrl: '' }));
  };
  const text = (name: keyof VideoFormValues) => ({
    ...form.field(name),
    error: errors[name],
    onValue: setValue,
  });
  const file = (name: FileKind) => ({
    name,
    error: errors[name],
    disabled: submitting,
    onFile: setFile(name),
  });

  /** Shown with the schema's own messages, and holding the form back like them. */
  const crossChecks = () => {
    const problems = tooLarge(files, maxUploadMb);
    if (!video && !files.videoFile && !values.videoUrl.trim()) {
      problems.videoUrl = videoMessages.videoRequired;
    }
    if (files.videoFile && values.videoUrl.trim()) problems.videoUrl = videoMessages.videoTwice;
    setFileErrors(problems);
    return problems;
  };

  const submit = form.handleSubmit(async () => {
    const problems = crossChecks();
    if (Object.keys(problems).length > 0) {
      throw new ApiError(400, Object.values(problems)[0]!, problems);
    }
    setProgress(files.videoFile || files.thumbnailFile || files.captionsFile ? 0 : null);
    try {
      const saved = await send.mutateAsync({
        id: video?.id,
        form: formBody(values, files, video),
        onProgress: setProgress,
      });
      if (video) {
        toast({ title: 'Video Updated', description: `“${saved.title}” was saved.` });
      } else {
        toast({
          title: 'Video Uploaded',
          description: saved.isPublished
            ? `“${saved.title}” is published on the videos page.`
            : `“${saved.title}” was added as a draft. Publish it from the Manage tab.`,
        });
        form.reset();
        setFiles({});
        setFormKey((k) => k + 1);
      }
      onDone?.();
    } catch (error) {
      toast(
        video
          ? failureToast(error, 'Failed to update video')
          : failureToast(error, 'Failed to upload video', 'Upload Error'),
      );
      throw error;
    } finally {
      setProgress(null);
    }
  });

  const storedVideo = video?.source === 'file';
  return (
    <form
      key={formKey}
      {...form.formProps}
      onSubmit={(e) => {
        crossChecks();
        submit(e).catch(() => undefined);
      }}
      aria-label={video ? `Edit ${video.title}` : 'Upload a video'}
      className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm"
    >
      <TextField label="Title" required {...text('title')} />
      <fieldset className="flex flex-col gap-3 rounded-md border border-stone-300 p-4">
        <legend className="px-1 font-semibold text-navy-950">Video</legend>
        {storedVideo ? (
          <p className="text-sm text-stone-700">
            Now: a stored file ({formatFileSize(video.fileSize ?? 0)}). Choose a new file or give a
            link to replace it.
          </p>
        ) : null}
        <FileField
          label="Video file"
          accept="video/mp4,video/webm,video/ogg,.mp4,.webm,.ogv"
          hint={`MP4, WebM or Ogg, up to ${maxUploadMb} MB. Stored on this site; its size is measured.`}
          {...file('videoFile')}
        />
        <TextField
          label="Video URL"
          type="url"
          hint="Or a YouTube or Vimeo link instead of a file."
          required={!video}
          {...text('videoUrl')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-md border border-stone-300 p-4">
        <legend className="px-1 font-semibold text-navy-950">Thumbnail</legend>
        <FileField
          label="Thumbnail image"
          accept="image/jpeg,image/png,image/webp"
          hint={`JPEG, PNG or WebP, up to ${Math.min(maxUploadMb, videoLimits.thumbnailMaxMb)} MB. Best for visitors’ privacy.`}
          {...file('thumbnailFile')}
        />
        <TextField
          label="Thumbnail URL"
          type="url"
          hint="Or an image on i.ytimg.com or i.vimeocdn.com."
          {...text('thumbnailUrl')}
        />
        {video?.thumbnailUrl ? (
          <CheckboxField label="Remove the thumbnail" {...form.field('removeThumbnail')} />
        ) : null}
      </fieldset>
      <TextField label="Caption" {...text('caption')} />
      <TextAreaField label="Description" rows={4} {...text('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Duration (seconds)" inputMode="numeric" {...text('duration')} />
        <TextField
          label="File size (bytes)"
          inputMode="numeric"
          hint="For links only: a stored file’s size is measured."
          {...text('fileSize')}
          disabled={submitting || storedVideo || files.videoFile !== undefined}
        />
      </div>
      <FileField
        label="Captions (WebVTT)"
        accept=".vtt,text/vtt"
        hint={video?.captionsUrl ? 'This video has captions; a new file replaces them.' : undefined}
        {...file('captionsFile')}
      />
      {video?.captionsUrl ? (
        <CheckboxField label="Remove the captions" {...form.field('removeCaptions')} />
      ) : null}
      {video ? null : (
        <CheckboxField
          label="Publish now (otherwise it is saved as a draft)"
          {...form.field('isPublished')}
        />
      )}
      {progress !== null ? (
        <div className="flex items-center gap-3" role="status">
          <progress value={progress} max={1} aria-label="Upload progress" className="w-48" />
          <span className="text-sm text-stone-700">Uploading… {Math.round(progress * 100)}%</span>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={submitting}>
          {submitting
            ? video
              ? 'Saving...'
              : 'Uploading...'
            : video
              ? 'Save Changes'
              : 'Upload Video'}
        </Button>
        {onDone && video ? (
          <Button variant="ghost" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
