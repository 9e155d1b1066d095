import type { ReactNode } from 'react';
import { PaginationControls } from './pagination-controls';
import { DataTable, QueryContent, type StackBelow } from './panel-parts';

interface PageProps<T> {
  items: T[];
  total: number;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  /** Said while the next page loads. */
  busy: boolean;
  /** Plural, lower case: 'videos'. */
  noun: string;
  caption: string;
  headers: string[];
  stackBelow?: StackBelow;
  row: (item: T) => ReactNode;
}

/** One page of a server-paged list: its rows, and the page controls under them. */
export function TablePage<T>({
  items,
  total,
  offset,
  pageSize,
  onOffset,
  busy,
  noun,
  caption,
  headers,
  stackBelow,
  row,
}: PageProps<T>) {
  return (
    <>
      <DataTable caption={caption} headers={headers} stackBelow={stackBelow}>
        {items.map(row)}
      </DataTable>
      <PaginationControls
        label={`Pages of ${noun}`}
        page={{ offset, limit: pageSize, shown: items.length, total }}
        onOffset={onOffset}
        busy={busy}
      />
    </>
  );
}

/**
 * A server-paged table with its states: loading or failed, empty (with the panel's own words),
 * or the rows of this page and the page controls.
 */
export function PagedTable<T>({
  query,
  items,
  empty,
  ...page
}: Omit<PageProps<T>, 'items' | 'busy'> & {
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  items: T[] | undefined;
  empty: string;
}) {
  return (
    <QueryContent
      query={{ ...queryState(query), data: items }}
      loadingLabel={`Loading ${page.noun}…`}
      errorTitle={`Could not load the ${page.noun}`}
      empty={(shown) => (shown.length === 0 && page.offset === 0 ? empty : null)}
    >
      {(shown) => <TablePage items={shown} busy={query.isFetching} {...page} />}
    </QueryContent>
  );
}

/** A query's states alone (a react-query result tracks what is read: read only these). */
export function queryState(query: {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}) {
  return {
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => query.refetch(),
  };
}
