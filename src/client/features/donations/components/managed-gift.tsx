import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { dedicationText } from '~/shared/dedication';
import { formatMoney } from '~/shared/money';
import { OfficeContact } from '~/client/components/layout/office-contact';
import type { ManagedGift as CardGift } from '~/shared/schemas/manage-gift';
import type { OjcGift } from '~/shared/schemas/ojc';

/** A monthly gift as its receipt's link shows it: by card (Stripe) or by OJC card. */
type ManagedGift = CardGift | OjcGift;

type State<G> =
  { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; gift: G };

/**
 * The frame of the pages a receipt's link opens: reads the signed token from the address,
 * loads the gift it names, and shows it with the page's action; an expired or forged link says
 * so, with the office's contact.
 */
export function ManagedGiftFrame<G extends ManagedGift>({
  title,
  load,
  server,
  children,
}: {
  title: string;
  load: (token: string) => Promise<{ gift: G }>;
  /** The gift as the server rendered the page (or why not): then nothing is fetched. */
  server?: { gift: G } | { problem: string };
  children: (gift: G) => ReactNode;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State<G>>(() =>
    server
      ? 'gift' in server
        ? { phase: 'ready', gift: server.gift }
        : { phase: 'failed', message: server.problem }
      : token
        ? { phase: 'loading' }
        : { phase: 'failed', message: 'This link is not valid.' },
  );

  useEffect(() => {
    let live = true;
    if (!token || state.phase !== 'loading') return;
    load(token).then(
      ({ gift }) => live && setState({ phase: 'ready', gift }),
      (error: unknown) =>
        live &&
        setState({
          phase: 'failed',
          message: error instanceof Error ? error.message : 'This link is not valid.',
        }),
    );
    return () => {
      live = false;
    };
    // Loaded once, when the server did not render the gift.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, load]);

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">{title}</h1>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
        {state.phase === 'loading' ? (
          <p role="status">Loading your gift...</p>
        ) : state.phase === 'failed' ? (
          <div role="alert">
            <p className="text-lg text-red-900">{state.message}</p>
            <p className="mt-3 text-stone-800">
              For help with your monthly gift, contact us at <OfficeContact />.
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-5">
            <GiftDetails gift={state.gift} />
            {children(state.gift)}
          </div>
        )}
      </div>
    </section>
  );
}

const statusNames: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'Payment due: the last charge failed',
  unpaid: 'Unpaid',
  incomplete: 'Not started: the first payment did not complete',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  failed: 'Stopped: the last charge was declined',
};

function GiftDetails({ gift }: { gift: ManagedGift }) {
  const rows: [string, string][] = [
    ['Amount', `${formatMoney(gift.amountCents, gift.currency)} a month`],
    [
      'Status',
      'cancelAtPeriodEnd' in gift && gift.cancelAtPeriodEnd
        ? 'Ends after the current month'
        : (statusNames[gift.status] ?? gift.status),
    ],
  ];
  if (gift.donorName) rows.unshift(['Donor', gift.donorName]);
  if ('cardLast4' in gift && gift.cardLast4)
    rows.push(['Card', `OJC card ending in ${gift.cardLast4}`]);
  if ('nextChargeAt' in gift && gift.nextChargeAt && gift.status === 'active') {
    rows.push([
      'Next charge',
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(gift.nextChargeAt)),
    ]);
  }
  if (gift.dedication) {
    rows.push(['Dedication', dedicationText(gift.dedication)]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-stone-800">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-700">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
