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
} from '~/client/test/component-test-kit';
import { openTeamsPanel, teamsPath } from './teams-panel-kit';

const team: AdminTeamView = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7c01',
  slug: 'the-levi-shiur',
  name: 'The Levi Shiur',
  leaderName: 'Dovid Levi',
  leaderEmail: 'dovid@example.org',
  goal: 1_800,
  group: null,
  status: 'approved',
  raised: 360,
  donors: 4,
  createdAt: '2026-12-01T10:00:00.000Z',
};
const photoOf = (name: string) => ({
  src: `/media/${name}.jpg`,
  alt: team.name,
  width: 600,
  height: 400,
  srcset: `/media/${name}.jpg 600w`,
});

const list = `GET ${teamsPath}`;
const upload = `POST ${teamsPath}/${team.id}/photo`;
const notAPhoto = 'This file is not a JPEG, PNG or WebP photo, whatever its name says.';

describe("a team's photo in the teams panel", () => {
  it('is a labelled file input per team that sends the photo once chosen and shows it', async () => {
    const kept = photoOf('0f8fad5b-d9cb-469f-a165-70867728950e');
    const { api, user } = openTeamsPanel({
      [list]: [json({ teams: [team] }), json({ teams: [{ ...team, photo: kept }] })],
      [upload]: [apiError(415, notAPhoto, { file: notAPhoto }), json({ photo: kept })],
    });
    const input = await screen.findByLabelText('Photo of The Levi Shiur');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    // Reached by keyboard like any control of the panel.
    input.focus();
    expect(document.activeElement).toBe(input);

    await user.upload(input, new File(['words'], 'notes.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(fieldError('Photo of The Levi Shiur')).toBe(notAPhoto));
    expect(input.getAttribute('aria-invalid')).toBe('true');

    const readsBefore = api.to(list).length;
    const chosen = new File(['jpeg'], 'levi.jpg', { type: 'image/jpeg' });
    await user.upload(input, chosen);
    const img = await screen.findByRole('img', { name: 'The Levi Shiur' });
    expect(img.getAttribute('src')).toBe(kept.src);
    expect(fieldError('Photo of The Levi Shiur')).toBeUndefined();
    expect(shownToast()).toMatchObject({
      title: 'Photo Kept',
      description: 'It shows on the page of The Levi Shiur.',
    });
    const sent = api.to(upload);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    // Multipart: the browser writes the content type with its boundary.
    expect(sent[1]!.headers.get('content-type')).toBeNull();
    expect((sent[1]!.body as FormData).get('file')).toBe(chosen);
    // The list is read again, so the team's photo stays shown.
    await waitFor(() => expect(api.to(list).length).toBeGreaterThan(readsBefore));
  });

  it('shows the photo a team already has, under its own upload control', async () => {
    const other = { ...team, id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7c02', name: 'Class B' };
    openTeamsPanel({
      [list]: json({
        teams: [{ ...team, photo: photoOf('a1b2c3d4-0000-4000-8000-000000000001') }, other],
      }),
    });
    const item = (await screen.findByLabelText('Photo of The Levi Shiur')).closest('li')!;
    expect(within(item).getByRole('img', { name: 'The Levi Shiur' })).toBeDefined();
    const second = screen.getByLabelText('Photo of Class B').closest('li')!;
    expect(within(second).queryByRole('img')).toBeNull();
  });
});
