import { useUploadCampaignPhoto } from '~/client/features/admin-campaigns/api/campaigns';
import { PhotoUploadField } from './photo-upload-field';

/**
 * The campaign's photo, shown under the title on its page. Sent as soon as it is chosen (the
 * campaign must be saved first, so it has an address).
 */
export function CampaignPhotoField({ id, title }: { id: string; title: string }) {
  return (
    <PhotoUploadField
      inputId={`campaign-photo-${id}`}
      label={
        <>
          Photo <span className="font-normal text-stone-700">(JPEG, PNG or WebP)</span>
        </>
      }
      hint="Shown under the title, with the title as its description; a new photo replaces the one shown."
      upload={useUploadCampaignPhoto(id)}
      kept={{ title: 'Photo Kept', description: `It shows under the title of ${title}.` }}
    />
  );
}
