import { useId } from 'react';
import { TextField } from '~/client/components/ui/field';
import type { ToastMessage } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import type { BoundField } from '~/client/lib/use-zod-form';

/** The office's team form, to add a team or to edit one: the same fields and rules. */

export const loadTeamSchema = () =>
  import('~/shared/schemas/campaign-teams').then((m) => m.teamInput);

export const blankTeam = { name: '', leaderName: '', leaderEmail: '', goal: '', group: '' };
type TeamField = keyof typeof blankTeam;

const fieldLabels: Record<TeamField, string> = {
  name: 'Team name',
  leaderName: "Leader's name",
  leaderEmail: "Leader's email",
  goal: 'Goal in dollars (optional)',
  group: 'Group: a shul or a school (optional)',
};
const teamFields = Object.keys(blankTeam) as TeamField[];

/**
 * The five fields, bound to a form. The group offers the campaign's groups already in use, so a
 * team is put under "Beth Medrash" and not beside it under "Beth Medrash " or "Bais Medrash".
 */
export function TeamFields({
  field,
  groups,
}: {
  field: <N extends TeamField>(name: N) => BoundField<N>;
  groups: readonly string[];
}) {
  const groupsId = useId();
  return (
    <>
      {teamFields.map((name) => (
        <TextField
          key={name}
          label={fieldLabels[name]}
          {...(name === 'group' && groups.length > 0 ? { list: groupsId } : {})}
          {...(name === 'leaderEmail' ? { type: 'email', autoComplete: 'off' } : {})}
          {...field(name)}
        />
      ))}
      {groups.length > 0 ? (
        <datalist id={groupsId}>
          {groups.map((group) => (
            <option key={group} value={group} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

/**
 * Sends the team; a refusal about a field is left to the form (it shows it under the field), any
 * other in a toast. Rethrows, so the form stays as it was typed.
 */
export async function saveOrToast(
  send: () => Promise<unknown>,
  toast: (message: ToastMessage) => void,
  failed: string,
) {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) {
      toast(failureToast(error, failed, 'Not Saved'));
    }
    throw error;
  }
}
