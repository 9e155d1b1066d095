import { useEffect } from 'react';
import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import { Button } from '~/client/components/ui/button';
import { useToast } from '~/client/components/ui/toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useSaveTeam } from '~/client/features/admin-campaigns/api/campaigns';
import { TeamFields, loadTeamSchema, saveOrToast } from './team-fields';

/**
 * One team's details as the office corrects them: its name, goal, group and leader. The status
 * and the team's address stay as they are (the address is in links already shared).
 */
export function TeamEditForm({
  campaignId,
  team,
  groups,
  onDone,
}: {
  campaignId: string;
  team: AdminTeamView;
  groups: readonly string[];
  /** Called once saved or cancelled: the panel closes the form. */
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveTeam(campaignId);
  const form = useZodForm(loadTeamSchema, {
    name: team.name,
    leaderName: team.leaderName,
    leaderEmail: team.leaderEmail,
    goal: team.goal === null ? '' : String(team.goal),
    group: team.group ?? '',
  });
  // Opened from its Edit button: the first field is where the office starts typing.
  const { focus } = form;
  useEffect(() => focus('name'), [focus]);

  const onSave = form.submitWith(async (values) => {
    await saveOrToast(
      () => save.mutateAsync({ id: team.id, team: { ...values, status: team.status } }),
      toast,
      'The team was not changed. Please try again.',
    );
    toast({ title: 'Team Saved', description: `${values.name} is saved as you wrote it.` });
    onDone();
  });

  return (
    <form
      {...form.formProps}
      aria-label={`Edit ${team.name}`}
      onSubmit={onSave}
      className="mt-3 flex flex-col gap-3 rounded-md bg-cream-100 p-3"
    >
      <TeamFields field={form.field} groups={groups} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.submitting}>
          Save the team
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
