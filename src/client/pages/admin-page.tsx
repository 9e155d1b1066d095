import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '~/client/lib/admin/query-client';
import { RequireAdminSession } from '~/client/features/admin/components/admin-session';
import {
  AdminFrame,
  DashboardShell,
  type AdminTab,
} from '~/client/features/admin/components/dashboard-shell';
import { LoginScreen } from '~/client/features/admin/components/login-screen';

/**
 * The dashboard's sections, in order. Adding one is one line here: its panel is the default
 * export of a module, loaded as its own chunk when the tab is first opened.
 */
const DonorsPanel = lazy(() => import('~/client/features/admin-donors/components/donors-panel'));
const PrayerListPanel = lazy(
  () => import('~/client/features/prayer-list/components/prayer-list-panel'),
);
const DayDedicationsPanel = lazy(
  () => import('~/client/features/admin-campaigns/components/day-dedications-panel'),
);
const AccountSecurityPanel = lazy(
  () => import('~/client/features/admin/components/account-security-panel'),
);
const VideoManagementPanel = lazy(
  () => import('~/client/features/videos/components/video-management-panel'),
);

const adminTabs: AdminTab[] = [
  { id: 'donors', label: 'Donor Management', Panel: DonorsPanel },
  { id: 'videos', label: 'Video Management', Panel: VideoManagementPanel },
  {
    id: 'ghl',
    label: 'GoHighLevel CRM',
    Panel: lazy(() => import('~/client/features/integrations/components/ghl-panel')),
  },
  {
    id: 'zapier',
    label: 'Zapier Integration',
    Panel: lazy(() => import('~/client/features/integrations/components/zapier-panel')),
  },
  {
    id: 'gifts-received',
    label: 'Gifts Received',
    // One gift by the form, then a file of them: two features, one section.
    Panel: lazy(async () => {
      const [one, file] = await Promise.all([
        import('~/client/features/offline-gifts/components/offline-gifts-panel'),
        import('~/client/features/gift-import/components/gift-import-panel'),
      ]);
      return {
        default: function GiftsReceivedPanel() {
          return (
            <div className="flex flex-col gap-8">
              <one.default />
              <file.default />
            </div>
          );
        },
      };
    }),
  },
  {
    id: 'pledges',
    label: 'Pledges',
    Panel: lazy(() => import('~/client/features/pledges/components/pledges-panel')),
  },
  {
    id: 'jobs',
    label: 'Background Jobs',
    Panel: lazy(() => import('~/client/features/admin/components/jobs-panel')),
  },
  {
    id: 'messages',
    label: 'Messages',
    Panel: lazy(() => import('~/client/features/admin-inbox/components/messages-panel')),
  },
  {
    id: 'applications',
    label: 'Applications',
    Panel: lazy(() => import('~/client/features/admin-inbox/components/applications-panel')),
  },
  {
    id: 'members',
    label: 'Members',
    Panel: lazy(() => import('~/client/features/admin-members/components/members-panel')),
  },
  { id: 'prayer-list', label: 'Prayer List', Panel: PrayerListPanel },
  {
    id: 'subscribers',
    label: 'Subscribers',
    Panel: lazy(() => import('~/client/features/admin-inbox/components/subscribers-panel')),
  },
  {
    id: 'site-content',
    label: 'Site Content',
    Panel: lazy(() => import('~/client/features/admin-site-content/components/site-content-panel')),
  },
  {
    id: 'statements',
    label: 'Statements & Privacy',
    Panel: lazy(() => import('~/client/features/admin-statements/components/statements-panel')),
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    Panel: lazy(() => import('~/client/features/admin-campaigns/components/campaigns-panel')),
  },
  {
    id: 'administrators',
    label: 'Administrators',
    ownerOnly: true,
    Panel: lazy(() => import('~/client/features/admin/components/admin-users-panel')),
  },
  {
    id: 'audit-log',
    label: 'Audit Log',
    ownerOnly: true,
    Panel: lazy(() => import('~/client/features/admin/components/audit-log-panel')),
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
        <Route path="/donors">
          <RequireAdminSession>
            <AdminFrame heading="Admin Dashboard">
              <Suspense fallback={<p role="status">Loading Donor Management…</p>}>
                {/* The donors page's CSV has the spec's five columns; the dashboard's adds two. */}
                <DonorsPanel csvColumns="donors" />
              </Suspense>
            </AdminFrame>
          </RequireAdminSession>
        </Route>
        <Route path="/prayer-list">
          <RequireAdminSession>
            <AdminFrame heading="Weekly Prayer List">
              <Suspense fallback={<p role="status">Loading the prayer list…</p>}>
                <PrayerListPanel />
              </Suspense>
            </AdminFrame>
          </RequireAdminSession>
        </Route>
        <Route path="/campaigns/:id/dedications">
          {(params) => (
            <RequireAdminSession>
              <AdminFrame heading="Dedications for the tziyun">
                <Suspense fallback={<p role="status">Loading the dedications…</p>}>
                  <DayDedicationsPanel campaignId={params.id} />
                </Suspense>
              </AdminFrame>
            </RequireAdminSession>
          )}
        </Route>
        <Route path="/account">
          <RequireAdminSession>
            <AdminFrame heading="Account Security">
              <Suspense fallback={<p role="status">Loading Account Security…</p>}>
                <AccountSecurityPanel />
              </Suspense>
            </AdminFrame>
          </RequireAdminSession>
        </Route>
        <Route path="/videos">
          <RequireAdminSession>
            <AdminFrame heading="Admin Dashboard">
              <Suspense fallback={<p role="status">Loading Video Management…</p>}>
                <VideoManagementPanel />
              </Suspense>
            </AdminFrame>
          </RequireAdminSession>
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
