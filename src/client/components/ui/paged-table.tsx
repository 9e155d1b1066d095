import type { ReactNode } from 'react';
import { PaginationControls } from './pagination-controls';
import { DataTable, EmptyState, QueryStatus, type StackBelow } from './panel-parts';

/**
 * A server-paged table with its states: loading or failed, empty (with the panel's own words),
 * or the rows of this page and the page controls.
 */
export function PagedTable<T>({
  query,
  items,
  total,
  offset,
  pageSize,
  onOffset,
  noun,
  empty,
  caption,
  headers,
  stackBelow,
  row,
}: {
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  items: T[] | undefined;
  total: number;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  /** Plural, lower case: 'videos'. */
  noun: string;
  empty: string;
  caption: string;
  headers: string[];
  stackBelow?: StackBelow;
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <QueryStatus
        query={query}
        loadingLabel={`Loading ${noun}…`}
        errorTitle={`Could not load the ${noun}`}
      />
      {items === undefined ? null : items.length === 0 && offset === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <DataTable caption={caption} headers={headers} stackBelow={stackBelow}>
            {items.map(row)}
          </DataTable>
          <PaginationControls
            label={`Pages of ${noun}`}
            page={{ offset, limit: pageSize, shown: items.length, total }}
            onOffset={onOffset}
            busy={query.isFetching}
          />
        </>
      )}
    </>
  );
}
