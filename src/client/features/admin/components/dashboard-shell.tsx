import {
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import siteConfig from '~/client/lib/site-config';
import { Button } from '~/client/components/ui/button';
import { useToast } from '~/client/components/ui/toast';
import { adminQueryKey } from '~/client/lib/admin/query-client';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { useSignOut } from '~/client/features/admin/api/sign-out';
import { ADMIN_ACCOUNT, ADMIN_LOGIN } from '~/client/features/admin/lib/safe-next-path';
import { sectionHref, sectionInAddress } from '~/client/features/admin/lib/dashboard-section';
import { SectionNav } from './section-nav';

/** The signed-in administrator's frame: who is signed in and the way out, above the page. */
export function AdminFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const { user } = useAdminSession();
  return (
    <div className="min-h-screen bg-stone-50 print:min-h-0 print:bg-white">
      <header className="bg-navy-950 text-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p className="font-display text-2xl font-semibold">
            {siteConfig.product} <span className="text-gold-300">Admin</span>
          </p>
          <div className="flex items-center gap-4">
            <p className="text-sm">
              Signed in as <strong className="font-semibold">{user.username}</strong>
              <span className="text-stone-300"> ({user.role})</span>
            </p>
            <Link
              href={`~${ADMIN_ACCOUNT}`}
              className="rounded px-1 py-2 text-sm font-semibold text-gold-300 underline hover:text-gold-200"
            >
              Account security
            </Link>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 print:max-w-none print:p-0">
        <h1 className="font-display text-3xl font-semibold text-navy-950 print:hidden">
          {heading}
        </h1>
        <div className="mt-6 print:mt-0">{children}</div>
      </main>
    </div>
  );
}

/**
 * The dashboard: a navigation of the sections beside (or, on a phone, above) the open one. The
 * page passes the sections in; owner-only ones are left out for everyone else.
 */
export interface AdminTab {
  /** Stable and unique: the section's name in the address (`/admin?section=<id>`). */
  id: string;
  label: string;
  /** Shown to owners only (the server refuses the calls to anyone else anyway). */
  ownerOnly?: boolean;
  /** A React.lazy component, so each panel is its own chunk, fetched when first shown. */
  Panel: LazyExoticComponent<ComponentType>;
}

/**
 * The open section is the address's `section` (the first section when it names none this
 * administrator may see), so a reload, a bookmark and Back and Forward keep it. Choosing one
 * moves the focus to it, as a new page would; Back and Forward leave the focus where it is.
 */
export function DashboardShell({ tabs }: { tabs: AdminTab[] }) {
  const { user } = useAdminSession();
  const visible = tabs.filter((tab) => !tab.ownerOnly || user.role === 'owner');
  const current = sectionInAddress(useSearch(), visible);
  const section = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);

  useEffect(() => {
    if (!focusOnOpen.current) return;
    focusOnOpen.current = false;
    section.current?.focus();
  }, [current?.id]);

  if (!current) return null;
  const onChoose = (id: string) => {
    if (id === current.id) section.current?.focus();
    else focusOnOpen.current = true;
  };
  return (
    <AdminFrame heading="Admin Dashboard">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8">
        <SectionNav
          label="Administration sections"
          sections={visible}
          current={current.id}
          hrefFor={sectionHref}
          onChoose={onChoose}
        />
        <section
          key={current.id}
          ref={section}
          aria-label={current.label}
          tabIndex={-1}
          className="min-w-0 flex-1 focus:outline-none"
        >
          <Suspense fallback={<p role="status">Loading {current.label}…</p>}>
            <current.Panel />
          </Suspense>
        </section>
      </div>
    </AdminFrame>
  );
}

function LogoutButton() {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const toast = useToast();
  const onClick = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        navigate(`~${ADMIN_LOGIN}`, { replace: true });
        // Nothing of this session may be shown again without signing in.
        queryClient.removeQueries({ queryKey: adminQueryKey });
      },
      onError: (error) =>
        toast({ title: 'Logout Failed', description: error.message, variant: 'destructive' }),
    });
  return (
    <Button variant="outline" onClick={onClick} disabled={signOut.isPending}>
      {signOut.isPending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}
