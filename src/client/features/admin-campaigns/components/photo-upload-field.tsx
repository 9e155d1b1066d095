import { useState, type ReactNode } from 'react';
import type { ContentImage } from '~/shared/schemas/site-content';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';

export interface PhotoUploadFieldProps {
  inputId: string;
  label: ReactNode;
  hint: string;
  /** The upload's mutation: the photo as the page shows it once kept. */
  upload: {
    mutateAsync: (file: File) => Promise<{ photo: ContentImage }>;
    isPending: boolean;
  };
  /** What the toast says once the photo is kept. */
  kept: { title: string; description: string };
  /** The photo the page shows now, if any. */
  photo?: ContentImage;
}

/**
 * A photo sent as soon as it is chosen (a plain file input: reached and opened by keyboard); a new
 * one replaces the one shown. The server's refusal (not a photo, too large) shows at the field.
 */
export function PhotoUploadField({
  inputId,
  label,
  hint,
  upload,
  kept,
  photo: current,
}: PhotoUploadFieldProps) {
  const toast = useToast();
  const [sent, setSent] = useState<ContentImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const photo = sent ?? current;

  const send = async (file: File) => {
    setError(null);
    try {
      setSent((await upload.mutateAsync(file)).photo);
      toast(kept);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fields.file ?? failure.message)
          : 'The photo could not be sent. Please try again.',
      );
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-semibold text-navy-950">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-stone-700">
        {hint}
      </p>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so the same file chosen again is sent again.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {upload.isPending ? <p role="status">Sending the photo...</p> : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {photo ? (
        <img
          src={photo.src}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          className="h-auto max-h-48 w-auto rounded"
        />
      ) : null}
    </div>
  );
}
