import { useRef, useState } from 'react';
import { formatMoney } from '~/shared/money';
import type { TeamStatus } from '~/shared/domain';
import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import type { CampaignView } from '~/shared/schemas/campaigns';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { TeamEditForm } from './team-edit-form';
import { TeamPhotoField } from './team-photo-field';
import { teamPagePath } from '~/shared/campaign-share';

const dollars = (n: number) => formatMoney(Math.round(n * 100), 'usd');

export const teamStatusWords: Record<TeamStatus, string> = {
  requested: 'Asked for, waiting',
  approved: 'Approved (public)',
  declined: 'Declined',
};

/**
 * One team in the office's list: who leads it, what it raised, its page; Approve or Decline, Edit
 * (its details in a form under it) and its photo.
 */
export function TeamItem({
  campaign,
  team,
  groups,
  setStatus,
}: {
  campaign: Pick<CampaignView, 'id' | 'slug'>;
  team: AdminTeamView;
  /** The campaign's groups in use, offered in the form. */
  groups: readonly string[];
  setStatus: (team: AdminTeamView, status: TeamStatus) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    // Back where the office was, before the form (and the focus in it) goes.
    editButton.current?.focus();
    setEditing(false);
  };
  return (
    <li className="rounded-lg p-3 ring-1 ring-stone-300">
      <p className="font-semibold text-navy-950">
        {team.name}{' '}
        <span className="font-normal text-stone-700">({teamStatusWords[team.status]})</span>
      </p>
      <p className="text-sm break-words text-stone-800">
        {team.leaderName}, {team.leaderEmail}
        {team.group ? ` · ${team.group}` : ''} · {dollars(team.raised)} raised
        {team.goal ? ` of ${dollars(team.goal)}` : ''} · {team.donors} donors ·{' '}
        <a className="text-navy-800 underline" href={teamPagePath(campaign.slug, team.slug)}>
          /campaign/{campaign.slug}/team/{team.slug}
        </a>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {team.status !== 'approved' ? (
          <ActionButton
            onClick={() => setStatus(team, 'approved')}
            aria-label={`Approve ${team.name}`}
          >
            Approve
          </ActionButton>
        ) : null}
        {team.status !== 'declined' ? (
          <ActionButton
            onClick={() => setStatus(team, 'declined')}
            aria-label={`Decline ${team.name}`}
          >
            Decline
          </ActionButton>
        ) : null}
        <ActionButton
          ref={editButton}
          onClick={() => (editing ? closeForm() : setEditing(true))}
          aria-label={`Edit ${team.name}`}
          aria-expanded={editing}
        >
          Edit
        </ActionButton>
      </div>
      {editing ? (
        <TeamEditForm campaignId={campaign.id} team={team} groups={groups} onDone={closeForm} />
      ) : null}
      <div className="mt-3">
        <TeamPhotoField campaignId={campaign.id} team={team} />
      </div>
    </li>
  );
}
