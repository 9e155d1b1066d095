import {
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { formatDateTime } from '~/client/lib/format-date-time';

/** The pieces every admin panel is built from: heading, states, tables, small buttons. */

/** How many items are in each status: one card per status, in the given order. */
export function StatusCounts<S extends string>({
  label,
  statuses,
  labels,
  counts,
  testIdPrefix,
  className,
}: {
  label: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  counts: Record<S, number>;
  /** `data-testid` of each count: `${testIdPrefix}-${status}`. */
  testIdPrefix: string;
  /** The grid's columns. */
  className: string;
}) {
  return (
    <dl className={`grid gap-3 ${className}`} aria-label={label}>
      {statuses.map((s) => (
        <div key={s} className="rounded-lg bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-700">{labels[s]}</dt>
          <dd
            className="mt-1 text-2xl font-semibold text-navy-950"
            data-testid={`${testIdPrefix}-${s}`}
          >
            {counts[s]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function PanelHeader({
  title,
  description,
  onRefresh,
  refreshing,
}: {
  title: string;
  description?: string;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 className="font-display text-2xl font-semibold text-navy-950">{title}</h2>
        {description ? <p className="mt-1 max-w-2xl text-stone-700">{description}</p> : null}
      </div>
      {onRefresh ? (
        <ActionButton onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </ActionButton>
      ) : null}
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="py-6 text-stone-700">
      {label}
    </p>
  );
}

export function ErrorState({
  title,
  description,
  error,
  onRetry,
}: {
  title: string;
  /** Said before the error's own message. */
  description?: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="my-4 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1">{description}</p> : null}
      <p className="mt-1 text-sm">{error.message}</p>
      <ActionButton className="mt-3" onClick={onRetry}>
        Try again
      </ActionButton>
    </div>
  );
}

/** What a panel shows while its query loads or after it failed; nothing once it has data. */
export function QueryStatus({
  query,
  loadingLabel,
  errorTitle,
  errorDescription,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  loadingLabel: string;
  errorTitle: string;
  /** Said before the error's own message. */
  errorDescription?: string;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.error) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorDescription}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return null;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-white p-6 text-center text-stone-700 shadow-sm">{children}</p>;
}

/** What a query gives a panel: its data once loaded, whether it loads, and how it failed. */
export interface PanelQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The body of a panel around one query: its loading and error states, then `children` with the
 * data, or `empty`'s words when it says the data is empty. A section of a panel under its own
 * smaller heading (recent gifts, the delivery log) is this without the panel's frame.
 */
export function QueryContent<T>({
  query,
  loadingLabel,
  errorTitle,
  errorDescription,
  empty,
  children,
}: {
  query: Omit<PanelQuery<T>, 'isFetching'>;
  loadingLabel: string;
  errorTitle: string;
  /** Said before the error's own message. */
  errorDescription?: string;
  /** What to say when the data holds nothing; null when it holds something. */
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  const emptyText = data !== undefined && empty ? empty(data) : null;
  return (
    <>
      <QueryStatus
        query={query}
        loadingLabel={loadingLabel}
        errorTitle={errorTitle}
        errorDescription={errorDescription}
      />
      {data === undefined ? null : emptyText ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        children(data)
      )}
    </>
  );
}

/**
 * An admin panel's frame, around one query: its heading with Refresh fetching the query again,
 * then its states and data (QueryContent). `controls` (filters, counts) sit between the heading
 * and the data, `footer` (forms, dialogs) after it.
 */
export function QueryPanel<T>({
  title,
  description,
  query,
  controls,
  footer,
  ...content
}: {
  title: string;
  description?: string;
  query: PanelQuery<T>;
  controls?: ReactNode;
  footer?: ReactNode;
} & Omit<Parameters<typeof QueryContent<T>>[0], 'query'>) {
  return (
    <section className="flex flex-col gap-6">
      <PanelHeader
        title={title}
        description={description}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      {controls}
      <QueryContent query={query} {...content} />
      {footer}
    </section>
  );
}

/**
 * Where a table turns into stacked rows: below this width of its container (not of the
 * screen), each row is a card and each cell a line led by its column's name. `narrow` suits
 * tables of short cells; `wide` tables whose columns cannot all fit beside a side navigation.
 * The rules are in app.css (`.data-table`).
 */
export type StackBelow = 'narrow' | 'wide';

/**
 * Copies each column's name onto its cells (`data-label`), for the stacked layout to show. The
 * rows are the caller's, so the names are set on the DOM, and again whenever rows change.
 */
function useColumnLabels(headers: string[]) {
  const body = useRef<HTMLTableSectionElement>(null);
  const key = headers.join('\u0000');
  useLayoutEffect(() => {
    const tbody = body.current;
    if (!tbody) return;
    const names = key.split('\u0000');
    const label = () => {
      for (const row of Array.from(tbody.children)) {
        Array.from(row.children).forEach((cell, i) => {
          const name = names[i] ?? '';
          if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
        });
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(tbody, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [key]);
  return body;
}

/**
 * A table that fits its container: cells wrap, and below `stackBelow` the rows stack, so no
 * column (the actions least of all) is ever out of sight on a phone or beside the navigation.
 */
export function DataTable({
  caption,
  headers,
  stackBelow = 'narrow',
  children,
}: {
  caption: string;
  headers: string[];
  stackBelow?: StackBelow;
  children: ReactNode;
}) {
  const body = useColumnLabels(headers);
  return (
    <div
      role="region"
      aria-label={caption}
      className={`data-table-frame data-table-stack-${stackBelow} rounded-lg bg-white shadow-sm`}
    >
      <table className="data-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-300 bg-stone-100 text-stone-800">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} className="divide-y divide-stone-200">
          {children}
        </tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-3 py-2 align-top';

/**
 * A date and time, 'Jan 15, 2025, 12:00 PM EST': on one line when there is room, else the time
 * under the date (never broken inside either), so the column can give way to the others.
 */
export function DateTimeCell({ iso }: { iso: string | null | undefined }) {
  const text = iso ? formatDateTime(iso) : '';
  const cut = text.lastIndexOf(', ');
  return (
    <td className={cellClass}>
      {iso ? (
        <time dateTime={iso}>
          {cut > 0 ? (
            <>
              <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{' '}
              <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
            </>
          ) : (
            text
          )}
        </time>
      ) : (
        '—'
      )}
    </td>
  );
}

const tones = {
  neutral: 'border-navy-800 text-navy-900 hover:bg-navy-900 hover:text-white',
  danger: 'border-red-700 text-red-800 hover:bg-red-700 hover:text-white',
};

/** A compact button for rows and panel headers. */
export function ActionButton({
  tone = 'neutral',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: keyof typeof tones;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-9 items-center justify-center rounded-md border bg-white px-3 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${tones[tone]} ${className}`}
      {...props}
    />
  );
}

/** The streamed CSV export of a list, with its filters: a plain link the browser downloads. */
export function CsvLink({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-9 items-center justify-center rounded-md border border-navy-800 bg-white px-3 text-sm font-semibold text-navy-900 hover:bg-navy-900 hover:text-white"
    >
      {label}
    </a>
  );
}

/** A checkbox of an office form with its words beside it, in the panels' small type. */
export function SmallCheckbox({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: string }) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm font-medium text-stone-800">
      <input type="checkbox" className="size-5 accent-navy-900" {...input} />
      {label}
    </label>
  );
}
