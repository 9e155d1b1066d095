import { useState, type ReactNode } from 'react';
import { StatusFilter } from './status-parts';
import { queryState, TablePage } from './paged-table';
import { QueryPanel, type StackBelow } from './panel-parts';

/** A list's status filter and page: a new filter starts again from the first page. */
export function useListState<S extends string>() {
  const [status, setStatus] = useState<S | ''>('');
  const [offset, setOffset] = useState(0);
  return {
    status,
    offset,
    setOffset,
    setStatus: (next: S | '') => {
      setStatus(next);
      setOffset(0);
    },
  };
}

/**
 * A list tab (messages, applications, subscribers): the admin panel's frame (QueryPanel) with an
 * optional summary and the status filter, optional actions beside it, over the paged table.
 */
export function ListPanel<S extends string, T>({
  title,
  description,
  noun,
  statuses,
  statusLabels,
  list,
  query,
  items,
  total,
  pageSize,
  summary,
  actions,
  headers,
  stackBelow,
  row,
}: {
  title: string;
  description: string;
  /** Plural, lower case: 'messages'. */
  noun: string;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  list: ReturnType<typeof useListState<S>>;
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  items: T[] | undefined;
  total: number;
  pageSize: number;
  summary?: ReactNode;
  actions?: ReactNode;
  headers: string[];
  stackBelow?: StackBelow;
  /** One table row per item. */
  row: (item: T) => ReactNode;
}) {
  const { status, offset } = list;
  const label = status ? statusLabels[status] : '';
  return (
    <QueryPanel
      title={title}
      description={description}
      query={{ ...queryState(query), data: items }}
      loadingLabel={`Loading ${noun}…`}
      errorTitle={`Could not load the ${noun}`}
      controls={
        <>
          {summary}
          <div className="flex flex-wrap items-end justify-between gap-4">
            <StatusFilter
              statuses={statuses}
              labels={statusLabels}
              value={status}
              onChange={list.setStatus}
            />
            {actions}
          </div>
        </>
      }
      empty={(shown) =>
        shown.length === 0 && offset === 0
          ? label
            ? `No ${label.toLowerCase()} ${noun}.`
            : `No ${noun} yet.`
          : null
      }
    >
      {(shown) => (
        <TablePage
          items={shown}
          total={total}
          offset={offset}
          pageSize={pageSize}
          onOffset={list.setOffset}
          busy={query.isFetching}
          noun={noun}
          caption={label ? `${label} ${noun}` : `All ${noun}`}
          headers={headers}
          stackBelow={stackBelow}
          row={row}
        />
      )}
    </QueryPanel>
  );
}
