import { useState } from 'react';
import type { ContentImage } from '~/shared/schemas/site-content';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useUploadCampaignPhoto } from '~/client/features/admin-campaigns/api/campaigns';

/**
 * The campaign's photo, shown under the title on its page and in link previews. Sent as soon as
 * it is chosen (the campaign must be saved first, so it has an address); a new one replaces it.
 * The server's refusal (not a photo, too large) shows at the field.
 */
export function CampaignPhotoField({ id, title }: { id: string; title: string }) {
  const toast = useToast();
  const upload = useUploadCampaignPhoto(id);
  const [photo, setPhoto] = useState<ContentImage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    try {
      const saved = await upload.mutateAsync(file);
      setPhoto(saved.photo);
      toast({ title: 'Photo Kept', description: `It shows under the title of ${title}.` });
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
      <label htmlFor={`campaign-photo-${id}`} className="font-semibold text-navy-950">
        Photo <span className="font-normal text-stone-700">(JPEG, PNG or WebP)</span>
      </label>
      <p id={`campaign-photo-${id}-hint`} className="text-sm text-stone-700">
        Shown under the title, with the title as its description; a new photo replaces the one
        shown.
      </p>
      <input
        id={`campaign-photo-${id}`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={`campaign-photo-${id}-hint${error ? ` campaign-photo-${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so the same file chosen again is sent again.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {upload.isPending ? <p role="status">Sending the photo...</p> : null}
      {error ? (
        <p id={`campaign-photo-${id}-error`} className="text-sm font-semibold text-red-800">
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
