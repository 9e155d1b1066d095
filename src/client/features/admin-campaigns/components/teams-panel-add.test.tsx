// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fieldError,
  json,
  shownToast,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { openTeamsPanel, teamFixture, teamsPath } from './teams-panel-kit';

const create = `POST ${teamsPath}`;

const katz = teamFixture;

const open = (routes: ApiRoutes) =>
  openTeamsPanel({ [`GET ${teamsPath}`]: json({ teams: [] }), ...routes });

describe('the teams panel: adding a team', () => {
  it('says under each field what is missing, focuses the first, and sends nothing', async () => {
    const { api, user } = open({});
    await screen.findByText('No teams yet.');
    await user.type(screen.getByLabelText('Goal in dollars (optional)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add the team' }));
    await waitFor(() => expect(fieldError('Team name')).toBe('Please enter the name of your team'));
    expect(fieldError("Leader's name")).toBe("Please enter the leader's name");
    expect(fieldError("Leader's email")).toBe("Please enter the leader's email address");
    expect(fieldError('Goal in dollars (optional)')).toBe(
      'The goal must be a whole number of dollars, like 1800',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Team name'));
    expect(api.to(create)).toHaveLength(0);
  });

  it('adds an approved team with its goal in dollars, says so and empties the form', async () => {
    const { api, user } = open({ [create]: json({ team: katz }, 201) });
    await screen.findByText('No teams yet.');
    await user.type(screen.getByLabelText('Team name'), 'The Katz Family');
    await user.type(screen.getByLabelText("Leader's name"), 'Reuven Katz');
    await user.type(screen.getByLabelText("Leader's email"), 'reuven.katz@example.org');
    await user.type(screen.getByLabelText('Goal in dollars (optional)'), '$1,800');
    await user.click(screen.getByRole('button', { name: 'Add the team' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Team Added'));
    expect(api.to(create)[0]!.body).toEqual({
      name: 'The Katz Family',
      leaderName: 'Reuven Katz',
      leaderEmail: 'reuven.katz@example.org',
      goal: 1800,
      group: null,
      status: 'approved',
    });
    expect(screen.getByLabelText('Team name')).toHaveProperty('value', '');
  });

  it('puts the server’s message under its field', async () => {
    const { user } = open({
      [create]: apiError(400, 'Check the form', { name: 'This campaign has a team of that name' }),
    });
    await screen.findByText('No teams yet.');
    await user.type(screen.getByLabelText('Team name'), 'The Katz Family');
    await user.type(screen.getByLabelText("Leader's name"), 'Reuven Katz');
    await user.type(screen.getByLabelText("Leader's email"), 'reuven.katz@example.org');
    await user.click(screen.getByRole('button', { name: 'Add the team' }));
    await waitFor(() =>
      expect(fieldError('Team name')).toBe('This campaign has a team of that name'),
    );
    expect(shownToast()).toBeNull();
    expect(screen.getByLabelText('Team name')).toHaveProperty('value', 'The Katz Family');
  });
});
