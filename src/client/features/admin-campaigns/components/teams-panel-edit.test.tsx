// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import {
  apiError,
  fieldError,
  json,
  shownToast,
  testCsrfToken,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { openTeamsPanel, teamFixture, teamsPath } from './teams-panel-kit';

/** A team an ambassador asked for: no group yet. */
const asked: AdminTeamView = {
  ...teamFixture,
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7d01',
  slug: 'the-stern-boys',
  name: 'The Stern Boys',
  leaderName: 'Avi Stern',
  leaderEmail: 'avi@example.org',
  goal: null,
  status: 'requested',
};
const grouped: AdminTeamView = { ...teamFixture, group: 'Beth Medrash' };

const list = `GET ${teamsPath}`;
const update = `PUT ${teamsPath}/${asked.id}`;

async function openEdit(routes: ApiRoutes) {
  const rendered = openTeamsPanel({ [list]: json({ teams: [asked, grouped] }), ...routes });
  const edit = await screen.findByRole('button', { name: 'Edit The Stern Boys' });
  expect(edit.getAttribute('aria-expanded')).toBe('false');
  await rendered.user.click(edit);
  const form = screen.getByRole('form', { name: 'Edit The Stern Boys' });
  return { ...rendered, edit, form, inForm: within(form) };
}

describe("the teams panel: editing a team's details", () => {
  it('opens with the team as it is, its first field focused, and its Edit button expanded', async () => {
    const { edit, inForm } = await openEdit({});
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(inForm.getByLabelText('Team name'));
    expect(inForm.getByLabelText('Team name')).toHaveProperty('value', 'The Stern Boys');
    expect(inForm.getByLabelText("Leader's email")).toHaveProperty('value', 'avi@example.org');
    expect(inForm.getByLabelText('Goal in dollars (optional)')).toHaveProperty('value', '');
  });

  it('says under each field what is wrong, focuses the first, and sends nothing', async () => {
    const { api, user, inForm } = await openEdit({});
    await user.clear(inForm.getByLabelText('Team name'));
    await user.type(inForm.getByLabelText('Goal in dollars (optional)'), 'lots');
    await user.clear(inForm.getByLabelText("Leader's email"));
    await user.type(inForm.getByLabelText("Leader's email"), 'avi at example');
    await user.click(inForm.getByRole('button', { name: 'Save the team' }));
    await waitFor(() =>
      expect(fieldError(inForm.getByLabelText('Team name'))).toBe(
        'Please enter the name of your team',
      ),
    );
    expect(fieldError(inForm.getByLabelText('Goal in dollars (optional)'))).toBe(
      'The goal must be a whole number of dollars, like 1800',
    );
    expect(fieldError(inForm.getByLabelText("Leader's email"))).toBe(
      'Please enter a valid email address',
    );
    expect(document.activeElement).toBe(inForm.getByLabelText('Team name'));
    expect(api.to(update)).toHaveLength(0);
  });

  it('puts the team under a group the campaign has, keeps its status, says so and closes', async () => {
    const saved = { ...asked, goal: 1800, group: 'Beth Medrash' };
    const { api, user, edit, inForm } = await openEdit({
      [update]: json({ team: saved }),
      [list]: [json({ teams: [asked, grouped] }), json({ teams: [saved, grouped] })],
    });
    const group = inForm.getByLabelText('Group: a shul or a school (optional)');
    // The groups in use are offered, so the team joins the same group and not a misspelling.
    const offered = document.getElementById(group.getAttribute('list')!);
    expect([...offered!.querySelectorAll('option')].map((o) => o.value)).toEqual(['Beth Medrash']);
    await user.type(group, 'Beth Medrash');
    await user.type(inForm.getByLabelText('Goal in dollars (optional)'), '1,800');
    await user.click(inForm.getByRole('button', { name: 'Save the team' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Team Saved'));
    expect(shownToast()?.description).toBe('The Stern Boys is saved as you wrote it.');
    const [sent] = api.to(update);
    expect(sent!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    expect(sent!.body).toEqual({
      name: 'The Stern Boys',
      leaderName: 'Avi Stern',
      leaderEmail: 'avi@example.org',
      goal: 1800,
      group: 'Beth Medrash',
      status: 'requested',
    });
    expect(screen.queryByRole('form', { name: 'Edit The Stern Boys' })).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    // The list is read again: the team shows under its group.
    await waitFor(() => expect(screen.getAllByText(/· Beth Medrash ·/)).toHaveLength(2));
  });

  it("shows the server's message under its field and keeps what was typed", async () => {
    const taken = 'This campaign has a team of that name';
    const { user, inForm } = await openEdit({
      [update]: apiError(400, 'Please check the team.', { name: taken }),
    });
    await user.clear(inForm.getByLabelText('Team name'));
    await user.type(inForm.getByLabelText('Team name'), 'The Katz Family');
    await user.click(inForm.getByRole('button', { name: 'Save the team' }));
    await waitFor(() => expect(fieldError(inForm.getByLabelText('Team name'))).toBe(taken));
    expect(shownToast()).toBeNull();
    expect(inForm.getByLabelText('Team name')).toHaveProperty('value', 'The Katz Family');
  });

  it('says in a toast when the team was not changed for another reason, and stays open', async () => {
    const { user, inForm } = await openEdit({
      [update]: apiError(404, 'There is no such team in this campaign.'),
    });
    await user.click(inForm.getByRole('button', { name: 'Save the team' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Not Saved'));
    expect(shownToast()?.description).toBe('There is no such team in this campaign.');
    expect(screen.getByRole('form', { name: 'Edit The Stern Boys' })).toBeTruthy();
  });

  it('closes without sending on Cancel, the focus back on its Edit button', async () => {
    const { api, user, edit, inForm } = await openEdit({});
    await user.type(inForm.getByLabelText('Team name'), ' and Friends');
    await user.click(inForm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit The Stern Boys' })).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
