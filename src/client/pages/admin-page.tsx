import { lazy, useState } from 'react';
import { Route, Switch } from 'wouter';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '../features/admin/api/query-client';
import { RequireAdminSession } from '../features/admin/components/admin-session';
import type { AdminTab } from '../features/admin/components/admin-tabs';
import { DashboardShell } from '../features/admin/components/dashboard-shell';
import { LoginScreen } from '../features/admin/components/login-screen';

/**
 * The dashboard's sections, in order. Adding one is one line here: its panel is the default
 * export of a module, loaded as its own chunk when the tab is first opened.
 */
const adminTabs: AdminTab[] = [
  {
    id: 'jobs',
    label: 'Background Jobs',
    Panel: lazy(() => import('../features/admin/components/jobs-panel')),
  },
  {
    id: 'messages',
    label: 'Messages',
    Panel: lazy(() => import('../features/admin/components/messages-panel')),
  },
  {
    id: 'applications',
    label: 'Applications',
    Panel: lazy(() => import('../features/admin/components/applications-panel')),
  },
  {
    id: 'subscribers',
    label: 'Subscribers',
    Panel: lazy(() => import('../features/admin/components/subscribers-panel')),
  },
  {
    id: 'administrators',
    label: 'Administrators',
    ownerOnly: true,
    Panel: lazy(() => import('../features/admin/components/admin-users-panel')),
  },
  {
    id: 'audit-log',
    label: 'Audit Log',
    ownerOnly: true,
    Panel: lazy(() => import('../features/admin/components/audit-log-panel')),
  },
];

/**
 * /admin and everything below it, rendered in the browser only. The route is nested, so the
 * paths here are relative to /admin. Every path but the sign-in page needs a session.
 */
export default function AdminPage() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path="/login">
          <LoginScreen />
        </Route>
        <Route>
          <RequireAdminSession>
            <DashboardShell tabs={adminTabs} />
          </RequireAdminSession>
        </Route>
      </Switch>
    </QueryClientProvider>
  );
}
