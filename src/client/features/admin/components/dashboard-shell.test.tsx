// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminSessionContext } from '~/client/lib/admin/admin-session-context';
import { renderWithProviders, testAdminSession } from '~/client/test/component-test-kit';
import { DashboardShell, type AdminTab } from './dashboard-shell';

/**
 * The dashboard's sections: a navigation of links, the open one named by the address
 * (`/admin?section=<id>`), so a reload and Back keep it.
 */
function panel(heading: string) {
  return lazy(async () => ({ default: () => <h2>{heading}</h2> }));
}

const tabs: AdminTab[] = [
  { id: 'donors', label: 'Donor Management', Panel: panel('Donor Management') },
  { id: 'messages', label: 'Messages', Panel: panel('Messages') },
  { id: 'members', label: 'Members', Panel: panel('Members') },
  { id: 'audit-log', label: 'Audit Log', ownerOnly: true, Panel: panel('Audit Log') },
];

function open(path = '/admin', role: 'owner' | 'admin' = 'owner') {
  const session = { ...testAdminSession, user: { ...testAdminSession.user, role } };
  return renderWithProviders(
    <AdminSessionContext.Provider value={session}>
      <DashboardShell tabs={tabs} />
    </AdminSessionContext.Provider>,
    { admin: true, path },
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Administration sections' });
const link = (name: string) => within(nav()).getByRole('link', { name });

describe('the dashboard’s sections', () => {
  it('are links in a navigation, each with its own address; owner-only ones for owners only', () => {
    open('/admin', 'admin');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Donor Management', '/admin?section=donors'],
      ['Messages', '/admin?section=messages'],
      ['Members', '/admin?section=members'],
    ]);
  });

  it('open on the first section, marked as the current page', async () => {
    open('/admin');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Donor Management' }),
    ).toBeDefined();
    expect(link('Donor Management').getAttribute('aria-current')).toBe('page');
    expect(link('Messages').getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('region', { name: 'Donor Management' })).toBeDefined();
  });

  it('open the section the address names, as after a reload', async () => {
    open('/admin?section=members');
    const region = screen.getByRole('region', { name: 'Members' });
    expect(await within(region).findByRole('heading', { level: 2, name: 'Members' })).toBeDefined();
    expect(link('Members').getAttribute('aria-current')).toBe('page');
    expect(link('Donor Management').getAttribute('aria-current')).toBeNull();
  });

  it('fall back to the first for an unknown section or one this administrator may not see', async () => {
    open('/admin?section=nonsense');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Donor Management' }),
    ).toBeDefined();
    open('/admin?section=audit-log', 'admin');
    expect(screen.queryByRole('region', { name: 'Audit Log' })).toBeNull();
  });

  it('change the address when one is chosen, and move the focus to it', async () => {
    const { user, history } = open('/admin');
    await user.click(link('Messages'));
    expect(history.at(-1)).toBe('/admin?section=messages');
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(
      await within(region).findByRole('heading', { level: 2, name: 'Messages' }),
    ).toBeDefined();
    expect(document.activeElement).toBe(region);
    expect(link('Messages').getAttribute('aria-current')).toBe('page');
  });

  it('fold into a menu button on a narrow screen that Escape closes', async () => {
    const { user } = open('/admin?section=messages');
    const toggle = within(nav()).getByRole('button', { name: 'Section: Messages' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.className).toMatch(/(^| )hidden /);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.className).not.toMatch(/(^| )hidden /);
    link('Members').focus();
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // Choosing a section closes it too.
    await user.click(toggle);
    await act(() => user.click(link('Members')));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
