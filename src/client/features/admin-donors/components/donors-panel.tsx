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
import { CsvLink, LoadingState, QueryPanel } from '~/client/components/ui/panel-parts';

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
  // One frame for both queries: Refresh and Try again fetch both; either's failure is said.
  const query = {
    data: donors.data,
    isPending: donors.isPending,
    isFetching: stats.isFetching || donors.isFetching,
    error: donors.error ?? stats.error,
    refetch: refresh,
  };

  return (
    <QueryPanel
      title="Donor Management"
      description="Money received and kept: verified gifts less refunds. Dates are the site’s local time."
      query={query}
      loadingLabel="Loading donors…"
      errorTitle="Error Loading Donors"
      errorDescription="Unable to load donor information. Please try again."
      controls={
        <>
          {stats.data ? (
            <DonorStats stats={stats.data} />
          ) : stats.isPending ? (
            <LoadingState label="Loading payment stats…" />
          ) : null}
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h3 className="font-display text-xl font-semibold text-navy-950">Donors</h3>
            <CsvLink href={donorsCsvUrl(filters, csvColumns)} label="Export CSV" />
          </div>
          <DonorFilterBar filters={filters} onChange={applyFilters} />
        </>
      }
      empty={(listing) =>
        listing.donors.length === 0 && offset === 0 ? (
          filtered ? (
            'No donor records found'
          ) : (
            <>
              <span className="block font-semibold text-navy-950">No Donors Yet</span>
              Gifts appear here as soon as they are made.
            </>
          )
        ) : null
      }
    >
      {(listing) => (
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
      )}
    </QueryPanel>
  );
}
