import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import type { CampaignView } from '~/shared/schemas/campaigns';
import type { TeamStatus } from '~/shared/domain';
import { Button } from '~/client/components/ui/button';
import { QueryContent } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useSaveTeam, useTeamsQuery } from '~/client/features/admin-campaigns/api/campaigns';
import { TeamFields, blankTeam, loadTeamSchema, saveOrToast } from './team-fields';
import { TeamItem, teamStatusWords } from './team-item';

/** The team as it is, in another status. */
const withStatus = (team: AdminTeamView, status: TeamStatus) => ({
  slug: team.slug,
  name: team.name,
  leaderName: team.leaderName,
  leaderEmail: team.leaderEmail,
  goal: team.goal,
  group: team.group,
  status,
});

/** The groups the campaign's teams are in, each once, A to Z. */
const groupsOf = (teams: readonly AdminTeamView[]) =>
  [...new Set(teams.flatMap((team) => (team.group ? [team.group] : [])))].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );

/**
 * A campaign's teams for the office: the ambassadors' requests to approve or decline, the
 * approved teams with what each raised, each team's details to edit and its photo, and a form for
 * a team the office makes itself.
 */
export function TeamsPanel({ campaign, onClose }: { campaign: CampaignView; onClose: () => void }) {
  const toast = useToast();
  const query = useTeamsQuery(campaign.id);
  const save = useSaveTeam(campaign.id);
  const form = useZodForm(loadTeamSchema, blankTeam);
  const teams = query.data?.teams ?? [];
  const groups = groupsOf(teams);

  const setStatus = async (team: AdminTeamView, status: TeamStatus) => {
    try {
      await save.mutateAsync({ id: team.id, team: withStatus(team, status) });
      toast({ title: 'Team Saved', description: `${team.name}: ${teamStatusWords[status]}.` });
    } catch (error) {
      toast(failureToast(error, 'The team was not changed. Please try again.', 'Not Saved'));
    }
  };
  const onAdd = form.submitWith(async (team) => {
    await saveOrToast(
      () => save.mutateAsync({ id: null, team: { ...team, status: 'approved' } }),
      toast,
      'The team was not added. Please try again.',
    );
    form.reset();
    toast({ title: 'Team Added', description: `${team.name} is on the campaign's page.` });
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
      <QueryContent
        query={query}
        loadingLabel="Loading the teams…"
        errorTitle="The teams could not be loaded"
        empty={(data) => (data.teams.length === 0 ? 'No teams yet.' : null)}
      >
        {(data) => (
          <ul className="flex flex-col gap-2">
            {data.teams.map((team) => (
              <TeamItem
                key={team.id}
                campaign={campaign}
                team={team}
                groups={groups}
                setStatus={setStatus}
              />
            ))}
          </ul>
        )}
      </QueryContent>
      <form {...form.formProps} onSubmit={onAdd} className="flex flex-col gap-3">
        <h4 className="font-semibold text-navy-950">Add a team</h4>
        <TeamFields field={form.field} groups={groups} />
        <Button type="submit" disabled={form.submitting}>
          Add the team
        </Button>
      </form>
    </section>
  );
}
