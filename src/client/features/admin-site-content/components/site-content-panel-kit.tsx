import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { openAdminPanel, type ApiRoutes } from '~/client/test/component-test-kit';
import SiteContentPanel from './site-content-panel';

/** The editor's state: the published content, the draft and the history. */
export const statePath = 'GET /api/admin/site-content';

/** The site content panel, opened in a confirmed session, the API answering `routes`. */
export function openSiteContentPanel(routes: ApiRoutes) {
  return openAdminPanel(<SiteContentPanel />, routes);
}

/** Picks a section in the panel's list of sections; resolves to its form. */
export async function openSection(user: UserEvent, label: string) {
  const nav = await screen.findByRole('navigation', { name: 'Sections of the site' });
  await user.click(within(nav).getByRole('button', { name: new RegExp(`^${label}`) }));
  return screen.findByRole('form', { name: label });
}
