import { useEffect, useId, useState } from 'react';
import {
  offlineMethods,
  paymentStatuses,
  type DonationType,
  type PaymentStatus,
} from '~/shared/domain';
import type { MethodFilter } from '~/shared/schemas/admin-donors';
import { offlineMethodLabels } from '~/shared/schemas/offline-gifts';
import type { DonorFilterFields as DonorFilters } from '~/client/features/admin-donors/api/list-donors';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useCampaignOptions } from '~/client/features/admin-donors/api/campaign-options';
import { statusLabel } from './donor-labels';

/** Typing settles this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

const controlClass =
  'w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500';

/**
 * A field of the bar: it takes at least its control's own width (a select as wide as its longest
 * choice, a date as wide as a date), and the bar wraps before any control is cut short.
 */
function Labelled({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    // min-w-0: a select sizes to its longest option ("Office: OJC Fund voucher or charity card by
    // phone"), wider than a phone; the field may shrink to the row instead.
    <div
      className={`flex min-w-0 max-w-full flex-col gap-1 ${wide ? 'grow-[3] basis-64' : 'grow basis-auto'}`}
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const typeOptions: [DonationType | '', string][] = [
  ['', 'All types'],
  ['onetime', 'One-time'],
  ['subscription', 'Monthly'],
];
const methodOptions: [MethodFilter | '', string][] = [
  ['', 'All methods'],
  ['stripe', 'Card'],
  ['ojc', 'OJC Fund'],
  ['offline', 'Received by the office'],
  ...offlineMethods.map((m): [MethodFilter, string] => [
    `offline:${m}`,
    `Office: ${offlineMethodLabels[m]}`,
  ]),
];
const statusOptions: [PaymentStatus | '', string][] = [
  ['', 'All statuses'],
  ...paymentStatuses.map((s): [PaymentStatus, string] => [s, statusLabel(s)]),
];

/** A whole day, YYYY-MM-DD, kept within `min` and `max` when they are set. */
function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          className={controlClass}
        />
      )}
    </Labelled>
  );
}

function Choice<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: [V, string][];
  onChange: (value: V) => void;
}) {
  return (
    <Labelled label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value as V)}
          className={controlClass}
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/**
 * Search (name or email, any case, part of it) and the date, type, status, method and campaign
 * filters; the server applies them (the method and the campaign to the totals and the chart too). Dates are whole days in the site's time zone, both ends included.
 */
export function DonorFilterBar({
  filters,
  onChange,
}: {
  filters: DonorFilters;
  onChange: (filters: DonorFilters) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  // The address can change the search too (Back, a link): the box follows it.
  const [shown, setShown] = useState(filters.search);
  if (shown !== filters.search) {
    setShown(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);
  const set = (change: Partial<DonorFilters>) => onChange({ ...filters, search, ...change });
  const campaigns = useCampaignOptions();
  const campaignOptions: [string, string][] = [
    ['', 'All campaigns'],
    ...(campaigns.data ?? []).map((c): [string, string] => [c.slug, c.title]),
  ];
  // A campaign in the address stays chosen while the list loads (or if it is a draft).
  if (filters.campaign && !campaignOptions.some(([slug]) => slug === filters.campaign)) {
    campaignOptions.push([filters.campaign, filters.campaign]);
  }
  const filtered = Object.values({ ...filters, search }).some(Boolean);

  return (
    <form
      role="search"
      aria-label="Filter donors"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        set({});
      }}
    >
      <Labelled label="Search donors" wide>
        {(id) => (
          <input
            id={id}
            type="search"
            value={search}
            maxLength={100}
            placeholder="Name or email"
            onChange={(e) => setSearch(e.target.value)}
            className={controlClass}
          />
        )}
      </Labelled>
      <DayField
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(from) => set({ from })}
      />
      <DayField label="To" value={filters.to} min={filters.from} onChange={(to) => set({ to })} />
      <Choice
        label="Type"
        value={filters.type}
        options={typeOptions}
        onChange={(type) => set({ type })}
      />
      <Choice
        label="Status"
        value={filters.status}
        options={statusOptions}
        onChange={(status) => set({ status })}
      />
      <Choice
        label="Method"
        value={filters.method ?? ''}
        options={methodOptions}
        onChange={(method) => set({ method })}
      />
      {campaignOptions.length > 1 ? (
        <Choice
          label="Campaign"
          value={filters.campaign ?? ''}
          options={campaignOptions}
          onChange={(campaign) => set({ campaign })}
        />
      ) : null}
      <ActionButton
        className="min-h-10"
        disabled={!filtered}
        onClick={() => {
          setSearch('');
          onChange({
            search: '',
            from: '',
            to: '',
            type: '',
            status: '',
            method: '',
            campaign: '',
          });
        }}
      >
        Clear filters
      </ActionButton>
    </form>
  );
}
