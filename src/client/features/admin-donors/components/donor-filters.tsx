import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  offlineMethods,
  paymentStatuses,
  type DonationType,
  type PaymentStatus,
} from '~/shared/domain';
import type { MethodFilter } from '~/shared/schemas/admin-donors';
import { offlineMethodLabels } from '~/shared/schemas/offline-gifts';
import {
  noDonorFilters,
  type DonorFilterFields as DonorFilters,
} from '~/client/features/admin-donors/api/list-donors';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useZodForm, type BoundField } from '~/client/lib/use-zod-form';
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

/** A field of the bar bound to the form (`form.field(name)`): its value and change handler. */
type Bound = Pick<BoundField<string>, 'name' | 'value' | 'onValue'>;

/** A whole day, YYYY-MM-DD, kept within `min` and `max` when they are set. */
function DayField({
  label,
  min,
  max,
  name,
  value,
  onValue,
}: Bound & { label: string; min?: string; max?: string }) {
  return (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          name={name}
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onValue(name, e.target.value)}
          className={controlClass}
        />
      )}
    </Labelled>
  );
}

function Choice({
  label,
  options,
  name,
  value,
  onValue,
}: Bound & { label: string; options: [string, string][] }) {
  return (
    <Labelled label={label}>
      {(id) => (
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onValue(name, e.target.value)}
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

/** The bar's fields as the form holds them: every filter as text, blank when unset. */
function asValues(filters: DonorFilters) {
  return { ...filters, method: filters.method ?? '', campaign: filters.campaign ?? '' };
}
type FilterValues = ReturnType<typeof asValues>;

const noFilters: FilterValues = asValues(noDonorFilters);

/** The fields that differ between two sets of filters. */
function changed(a: FilterValues, b: FilterValues) {
  return (Object.keys(noFilters) as (keyof FilterValues)[]).filter((k) => a[k] !== b[k]);
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
  const applied = asValues(filters);
  const form = useZodForm(null, applied);
  const { values } = form;
  // The address can change the filters too (Back, a link): the fields follow it.
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    form.reset(applied);
  }
  // A choice or a date applies at once; typing settles first. What was just sent is not sent
  // again while the address catches up.
  const sent = useRef<{ values: string; to: string } | null>(null);
  const send = useCallback(
    (next: FilterValues) => {
      sent.current = { values: JSON.stringify(next), to: appliedKey };
      onChange(next);
    },
    [appliedKey, onChange],
  );
  useEffect(() => {
    const diff = changed(values, JSON.parse(appliedKey) as FilterValues);
    const already = sent.current;
    if (diff.length === 0) return;
    if (already?.values === JSON.stringify(values) && already.to === appliedKey) return;
    if (diff.some((k) => k !== 'search')) return send(values);
    const timer = window.setTimeout(() => send(values), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, appliedKey, send]);
  const campaigns = useCampaignOptions();
  const campaignOptions: [string, string][] = [
    ['', 'All campaigns'],
    ...(campaigns.data ?? []).map((c): [string, string] => [c.slug, c.title]),
  ];
  // A campaign in the address stays chosen while the list loads (or if it is a draft).
  if (filters.campaign && !campaignOptions.some(([slug]) => slug === filters.campaign)) {
    campaignOptions.push([filters.campaign, filters.campaign]);
  }
  const filtered = Object.values(values).some(Boolean);
  const { field } = form;
  const search = field('search');

  return (
    <form
      role="search"
      aria-label="Filter donors"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        send(values);
      }}
    >
      <Labelled label="Search donors" wide>
        {(id) => (
          <input
            id={id}
            type="search"
            name={search.name}
            value={search.value}
            maxLength={100}
            placeholder="Name or email"
            onChange={(e) => search.onValue(search.name, e.target.value)}
            className={controlClass}
          />
        )}
      </Labelled>
      <DayField label="From" max={values.to} {...field('from')} />
      <DayField label="To" min={values.from} {...field('to')} />
      <Choice label="Type" options={typeOptions} {...field('type')} />
      <Choice label="Status" options={statusOptions} {...field('status')} />
      <Choice label="Method" options={methodOptions} {...field('method')} />
      {campaignOptions.length > 1 ? (
        <Choice label="Campaign" options={campaignOptions} {...field('campaign')} />
      ) : null}
      <ActionButton
        className="min-h-10"
        disabled={!filtered}
        onClick={() => {
          form.reset(noFilters);
          send(noFilters);
        }}
      >
        Clear filters
      </ActionButton>
    </form>
  );
}
