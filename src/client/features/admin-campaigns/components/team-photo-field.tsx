import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import { useUploadTeamPhoto } from '~/client/features/admin-campaigns/api/campaigns';
import { PhotoUploadField } from './photo-upload-field';

/** A team's photo, shown on the team's page with the team's name as its description. */
export function TeamPhotoField({ campaignId, team }: { campaignId: string; team: AdminTeamView }) {
  return (
    <PhotoUploadField
      inputId={`team-photo-${team.id}`}
      label={`Photo of ${team.name}`}
      hint="JPEG, PNG or WebP. Shown on the team's page, with the team's name as its description; a new photo replaces the one shown."
      upload={useUploadTeamPhoto(campaignId, team.id)}
      kept={{ title: 'Photo Kept', description: `It shows on the page of ${team.name}.` }}
      photo={team.photo}
    />
  );
}
