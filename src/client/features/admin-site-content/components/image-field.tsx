import { useState } from 'react';
import type { ContentImage } from '~/shared/schemas/site-content';
import { FileField } from '~/client/components/ui/file-field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useField, useSectionForm } from './section-form-context';
import { TextInput } from './content-fields';
import { join, type Path } from '~/client/lib/value-path';

const accept = 'image/jpeg,image/png,image/webp';

/**
 * A photo of a section: the current one small, a file input that uploads at once and puts the
 * answer (every size, with its width and height) in the form, and its alt text. A photo people
 * must be told about needs alt text; a hero background is decoration behind the slide's words.
 */
export function ImageField({
  path,
  label,
  decorative = false,
}: {
  path: Path;
  /** What the photo is, in labels: 'Portrait', 'Photo of story 2'. */
  label: string;
  decorative?: boolean;
}) {
  const form = useSectionForm();
  const image = useField<ContentImage>(path);
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const current = image.value;

  const onFile = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      const uploaded = await form.upload(file);
      // The answer's alt is empty: the office's own words stay (a background keeps none).
      image.set({ ...uploaded, alt: decorative ? '' : (current?.alt ?? '') });
      toast({ title: 'Photo uploaded', description: 'Save the draft to keep it.' });
    } catch (error) {
      // The server's sentence about the file, else its message; a dropped connection says so.
      const message =
        (error instanceof ApiError && (error.fields.file || error.message)) ||
        'The photo could not be uploaded. Check the connection and try again.';
      setUploadError(message);
      toast({ title: 'Photo not uploaded', description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        {current?.src ? (
          <figure className="flex flex-col gap-1">
            {/* The alt text is in the field below: the small copy adds nothing to read. */}
            <img
              src={current.src}
              alt=""
              width={current.width}
              height={current.height}
              className="h-24 w-auto rounded border border-stone-300 bg-white object-contain"
            />
            <figcaption className="text-xs text-stone-700">{label}: current photo</figcaption>
          </figure>
        ) : null}
        <div className="min-w-64 flex-1">
          <FileField
            label={`Replace photo: ${label}`}
            name={form.nameOf(join(path, 'file'))}
            accept={accept}
            hint={`JPEG, PNG or WebP. It is uploaded at once and shown here; visitors see it once the draft is published.`}
            error={uploadError ?? image.error ?? form.errorAt(join(path, 'src'))}
            disabled={uploading}
            onFile={(file) => void onFile(file)}
          />
          {uploading ? (
            <p role="status" className="mt-1 text-sm text-stone-700">
              Uploading the photo…
            </p>
          ) : null}
        </div>
      </div>
      {decorative ? (
        <p className="text-sm text-stone-700">
          This photo is a background behind the slide’s words, so it needs no description: people
          who cannot see it miss nothing.
        </p>
      ) : (
        <TextInput
          path={join(path, 'alt')}
          label={`Alt text: ${label}`}
          hint="Describe the photo for people who cannot see it, for example: The Rabbi praying at the tziyun."
        />
      )}
    </div>
  );
}
