import { useState } from 'react';
import type { CrmContact } from '~/shared/schemas/integrations';
import { useToast } from '~/client/components/ui/toast';
import { useGhlConnectionQuery, useGhlContactsQuery } from '~/client/features/integrations/api/ghl';
import { ContactCard, ContactList, ContactSearch } from './ghl-contacts';
import { ActionButton, PanelHeader } from '~/client/components/ui/panel-parts';

/**
 * The GoHighLevel CRM tab: whether the site reaches the CRM, its newest contacts (the cards
 * scroll in a 600 px area) and a search by email. Donors, members, subscribers and people who
 * wrote in arrive there through the outbox (the site's side of it is the Background Jobs tab).
 */
export default function GhlPanel() {
  const toast = useToast();
  const connection = useGhlConnectionQuery();
  const connected = connection.data?.success === true;
  const contacts = useGhlContactsQuery(connected);
  const [found, setFound] = useState<CrmContact | null>(null);

  /** Refetches, then tells the admin (spec 8): a network error, GHL's refusal, or success. */
  const refetchAndTell = async (
    refetch: () => Promise<{ error: Error | null; data?: { success: boolean; message: string } }>,
    titles: { network: string; networkText: string; failed: string; ok?: string },
    failure: (data: { message: string; error?: string | null }) => string,
  ) => {
    const { error, data } = await refetch();
    const destructive = 'destructive' as const;
    if (error)
      toast({ title: titles.network, description: titles.networkText, variant: destructive });
    else if (data && !data.success) {
      toast({ title: titles.failed, description: failure(data), variant: destructive });
    } else if (data && titles.ok) toast({ title: titles.ok, description: data.message });
  };

  const onTest = () =>
    refetchAndTell(
      connection.refetch,
      {
        network: 'Connection Error',
        networkText: 'Network error connecting to GoHighLevel',
        failed: 'Connection Failed',
        ok: 'Connected',
      },
      (data) => data.error ?? data.message,
    );

  const onRefresh = () =>
    refetchAndTell(
      contacts.refetch,
      {
        network: 'Error Loading Contacts',
        networkText: 'Network error fetching contacts',
        failed: 'Failed to Load Contacts',
      },
      (data) => data.message,
    );

  return (
    <section className="flex flex-col gap-6">
      <PanelHeader
        title="GoHighLevel CRM"
        description="Donors, members, newsletter subscribers and people who write in are added to GoHighLevel as contacts, with tags: donor, monthly-donor, member-<tier>, newsletter, contact-form."
      />
      <ConnectionCard query={connection} onTest={() => void onTest()} />
      {connected ? (
        <>
          <ContactSearch onFound={setFound} />
          {found ? (
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold text-navy-950">Search result</h3>
              <ContactCard contact={found} />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h3 className="font-display text-xl font-semibold text-navy-950">Recent contacts</h3>
            <ActionButton onClick={() => void onRefresh()} disabled={contacts.isFetching}>
              {contacts.isFetching ? 'Loading...' : 'Refresh Contacts'}
            </ActionButton>
          </div>
          <ContactList query={contacts} />
        </>
      ) : null}
    </section>
  );
}

function ConnectionCard({
  query,
  onTest,
}: {
  query: ReturnType<typeof useGhlConnectionQuery>;
  onTest: () => void;
}) {
  const result = query.data;
  let state: { label: string; tone: string; detail: string | null };
  if (query.isPending)
    state = { label: 'Checking…', tone: 'bg-stone-200 text-stone-900', detail: null };
  else if (query.error)
    state = {
      label: 'Connection Error',
      tone: 'bg-red-100 text-red-900',
      detail: 'Network error connecting to GoHighLevel',
    };
  else if (!result?.configured)
    state = {
      label: 'Not configured',
      tone: 'bg-amber-100 text-amber-900',
      detail: result?.message ?? null,
    };
  else if (result.success)
    state = { label: 'Connected', tone: 'bg-emerald-100 text-emerald-900', detail: result.message };
  else
    state = {
      label: 'Connection Failed',
      tone: 'bg-red-100 text-red-900',
      detail: result.error ?? result.message,
    };

  return (
    <div className="flex flex-wrap items-start justify-between gap-4 rounded-lg bg-white p-4 shadow-sm">
      <div role="status" aria-live="polite">
        <p className="flex items-center gap-2 font-semibold text-navy-950">
          Connection:
          <span className={`rounded-full px-2 py-0.5 text-sm ${state.tone}`}>{state.label}</span>
        </p>
        {state.detail ? (
          <p className="mt-1 max-w-2xl text-sm text-stone-800">{state.detail}</p>
        ) : null}
        {result && !result.configured ? (
          <p className="mt-2 max-w-2xl text-sm text-stone-700">
            In GoHighLevel, open the sub-account’s Settings, Private Integrations, and create a
            token with the contacts scopes; the location id is in the sub-account’s business
            profile. The site’s guide (docs/features.md, Integrations) says more.
          </p>
        ) : null}
      </div>
      <ActionButton onClick={onTest} disabled={query.isFetching}>
        {query.isFetching ? 'Testing...' : 'Test Connection'}
      </ActionButton>
    </div>
  );
}
