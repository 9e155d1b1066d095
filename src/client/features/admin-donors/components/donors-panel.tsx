import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { usePaymentStatsQuery } from '~/client/features/admin-donors/api/get-payment-stats';
import {
  DONOR_PAGE_SIZE,
  type DonorFilterFields as DonorFilters,
} from '~/client/features/admin-donors/api/list-donors';
import { donorsCsvUrl, useDonorsQuery } from '~/client/features/admin-donors/api/list-donors';
import {
  donorFiltersIn,
  withDonorFilters,
} from '~/client/features/admin-donors/lib/filters-in-address';
import { DonorFilterBar } from './donor-filters';
import { DonorStats } from './donor-stats';
import { DonorsTable } from './donors-table';
import { PaginationControls } from '~/client/components/ui/pagination-controls';
import {
  CsvLink,
  EmptyState,
  ErrorState,
  LoadingState,
  PanelHeader,
} from '~/client/components/ui/panel-parts';

/**
 * Donor Management (spec 2): the totals and windows, the months, and the donor table with the
 * server's search, filters and pages (kept in the address), the CSV export and a verify per
 * payment. On /admin the
 * CSV has the dashboard's columns; /admin/donors passes `csvColumns="donors"` (spec 9).
 */
export default function DonorsPanel({
  csvColumns = 'dashboard',
}: {
  csvColumns?: 'donors' | 'dashboard';
}) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // One object per address, so the search box's timer is not reset by every render.
  const { filters, offset } = useMemo(
    () => donorFiltersIn(new URLSearchParams(address)),
    [address],
  );
  const stats = usePaymentStatsQuery(filters.method, filters.campaign);
  const donors = useDonorsQuery(filters, offset);
  const listing = donors.data;
  const filtered = Object.values(filters).some(Boolean);

  const refresh = () => {
    void stats.refetch();
    void donors.refetch();
  };
  // Each change is a step in the history: Back undoes it.
  const applyFilters = useCallback(
    (next: DonorFilters) => setParams((current) => withDonorFilters(current, next, 0)),
    [setParams],
  );
  const setOffset = (next: number) =>
    setParams((current) => withDonorFilters(current, filters, next));
  const loadError = donors.error ?? stats.error;

  return (
    <section className="flex flex-col gap-6">
      <PanelHeader
        title="Donor Management"
        description="Money received and kept: verified gifts less refunds. Dates are the site’s local time."
        onRefresh={refresh}
        refreshing={stats.isFetching || donors.isFetching}
      />
      {stats.data ? (
        <DonorStats stats={stats.data} />
      ) : stats.isPending ? (
        <LoadingState label="Loading payment stats…" />
      ) : null}

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h3 className="font-display text-xl font-semibold text-navy-950">Donors</h3>
          <CsvLink href={donorsCsvUrl(filters, csvColumns)} label="Export CSV" />
        </div>
        <DonorFilterBar filters={filters} onChange={applyFilters} />
        {loadError ? (
          <ErrorState
            title="Error Loading Donors"
            description="Unable to load donor information. Please try again."
            error={loadError}
            onRetry={refresh}
          />
        ) : null}
        {donors.isPending ? <LoadingState label="Loading donors…" /> : null}
        {listing ? (
          listing.donors.length === 0 && offset === 0 ? (
            <EmptyState>
              {filtered ? (
                'No donor records found'
              ) : (
                <>
                  <span className="block font-semibold text-navy-950">No Donors Yet</span>
                  Gifts appear here as soon as they are made.
                </>
              )}
            </EmptyState>
          ) : (
            <>
              <DonorsTable
                donors={listing.donors}
                caption={filtered ? 'Donors matching the filters' : 'All donors'}
              />
              <PaginationControls
                label="Donor pages"
                page={{
                  offset,
                  limit: DONOR_PAGE_SIZE,
                  shown: listing.donors.length,
                  total: listing.total,
                  totalIsExact: listing.totalIsExact,
                }}
                onOffset={setOffset}
                busy={donors.isFetching}
              />
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
