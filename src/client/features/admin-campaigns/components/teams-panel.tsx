import { formatMoney } from '~/shared/money';
import type { AdminTeamView, TeamInput } from '~/shared/schemas/campaign-teams';
import type { CampaignView } from '~/shared/schemas/campaigns';
import type { TeamStatus } from '~/shared/domain';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { ActionButton, QueryStatus } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useSaveTeam, useTeamsQuery } from '~/client/features/admin-campaigns/api/campaigns';
import { TeamPhotoField } from './team-photo-field';

const dollars = (n: number) => formatMoney(Math.round(n * 100), 'usd');
const statusWords: Record<TeamStatus, string> = {
  requested: 'Asked for, waiting',
  approved: 'Approved (public)',
  declined: 'Declined',
};

const inputOf = (team: AdminTeamView, status: TeamStatus): TeamInput => ({
  slug: team.slug,
  name: team.name,
  leaderName: team.leaderName,
  leaderEmail: team.leaderEmail,
  goal: team.goal,
  group: team.group,
  status,
});

const loadSchema = () => import('~/shared/schemas/campaign-teams').then((m) => m.teamInput);

const blank = { name: '', leaderName: '', leaderEmail: '', goal: '', group: '' };
const fieldLabels: Record<keyof typeof blank, string> = {
  name: 'Team name',
  leaderName: "Leader's name",
  leaderEmail: "Leader's email",
  goal: 'Goal in dollars (optional)',
  group: 'Group: a shul or a school (optional)',
};

/**
 * A campaign's teams for the office: the ambassadors' requests to approve or decline, the
 * approved teams with what each raised, each team's photo, and a form for a team the office
 * makes itself.
 */
export function TeamsPanel({ campaign, onClose }: { campaign: CampaignView; onClose: () => void }) {
  const toast = useToast();
  const query = useTeamsQuery(campaign.id);
  const save = useSaveTeam(campaign.id);
  const form = useZodForm(loadSchema, blank);

  const setStatus = async (team: AdminTeamView, status: TeamStatus) => {
    try {
      await save.mutateAsync({ id: team.id, team: inputOf(team, status) });
      toast({ title: 'Team Saved', description: `${team.name}: ${statusWords[status]}.` });
    } catch (error) {
      toast(failureToast(error, 'The team was not changed. Please try again.', 'Not Saved'));
    }
  };
  // The server's messages about a field show under it (the form does that); others in a toast.
  const onAdd = form.submitWith(async (team) => {
    try {
      await save.mutateAsync({ id: null, team: { ...team, status: 'approved' } });
      form.reset();
      toast({ title: 'Team Added', description: `${team.name} is on the campaign's page.` });
    } catch (error) {
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) {
        toast(failureToast(error, 'The team was not added. Please try again.', 'Not Saved'));
      }
      throw error;
    }
  });

  return (
    <section aria-labelledby="teams-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="teams-heading" className="font-display text-xl font-semibold text-navy-950">
          Teams of {campaign.title}
        </h3>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
      <QueryStatus
        query={query}
        loadingLabel="Loading the teams…"
        errorTitle="The teams could not be loaded"
      />
      {query.data && query.data.teams.length === 0 ? <p>No teams yet.</p> : null}
      {query.data && query.data.teams.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {query.data.teams.map((team) => (
            <li key={team.id} className="rounded-lg p-3 ring-1 ring-stone-300">
              <p className="font-semibold text-navy-950">
                {team.name}{' '}
                <span className="font-normal text-stone-700">({statusWords[team.status]})</span>
              </p>
              <p className="text-sm text-stone-800">
                {team.leaderName}, {team.leaderEmail}
                {team.group ? ` · ${team.group}` : ''} · {dollars(team.raised)} raised
                {team.goal ? ` of ${dollars(team.goal)}` : ''} · {team.donors} donors ·{' '}
                <a
                  className="text-navy-800 underline"
                  href={`/campaign/${campaign.slug}/team/${team.slug}`}
                >
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
              </div>
              <div className="mt-3">
                <TeamPhotoField campaignId={campaign.id} team={team} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <form {...form.formProps} onSubmit={onAdd} className="flex flex-col gap-3">
        <h4 className="font-semibold text-navy-950">Add a team</h4>
        {(Object.keys(blank) as (keyof typeof blank)[]).map((name) => (
          <TextField key={name} label={fieldLabels[name]} {...form.field(name)} />
        ))}
        <Button type="submit" disabled={form.submitting}>
          Add the team
        </Button>
      </form>
    </section>
  );
}
