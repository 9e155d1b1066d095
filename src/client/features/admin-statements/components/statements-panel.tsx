import { useState } from 'react';
import type * as z from 'zod/mini';
import { formatMoney } from '~/shared/money';
import type { statementListing } from '~/shared/schemas/admin-statements';
import { failureToast } from '~/client/lib/failure-toast';
import { useToast } from '~/client/components/ui/toast';
import {
  ActionButton,
  cellClass,
  CsvLink,
  DataTable,
  DateTimeCell,
  EmptyState,
  QueryPanel,
} from '~/client/components/ui/panel-parts';
import {
  statementPreviewUrl,
  statementsCsvUrl,
  useSendStatements,
  useStatementsQuery,
} from '~/client/features/admin-statements/api/statements';
import { openingStatementYear } from '~/client/features/admin-statements/lib/opening-year';
import { ErasureRequests } from './erasure-requests';

/**
 * Year-end statements: a year's donors with what their statement says and whether it
 * went out, each one's PDF to preview, sending (or sending again), the CSV of the year's totals;
 * and donors' requests to be forgotten.
 */
export default function StatementsPanel() {
  const [year, setYear] = useState(() => openingStatementYear(new Date()));
  const thisYear = new Date().getFullYear();
  const query = useStatementsQuery(year);
  const send = useSendStatements();
  const toast = useToast();
  const sendNow = (body: { email?: string; again?: boolean }) =>
    send.mutate(
      { year, ...body },
      {
        onSuccess: (result) => toast({ title: 'Statements', description: result.message }),
        onError: (error) => toast(failureToast(error, 'The statements could not be sent.')),
      },
    );
  return (
    <QueryPanel
      title="Statements & Privacy"
      description="Each donor's year-end statement (what was received and kept, net of refunds), mailed once on the configured day in January; and donors' requests to be forgotten."
      query={query}
      loadingLabel="Loading statements…"
      errorTitle="Statements"
      controls={
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-semibold text-stone-800">
            Year
            <select
              value={year}
              onChange={(event) => setYear(Number(event.target.value))}
              className="min-h-9 rounded-md border border-stone-400 bg-white px-2"
            >
              {[0, 1, 2, 3].map((back) => (
                <option key={back} value={thisYear - back}>
                  {thisYear - back}
                </option>
              ))}
            </select>
          </label>
          <ActionButton disabled={send.isPending} onClick={() => sendNow({})}>
            Send the statements not yet sent
          </ActionButton>
          <CsvLink href={statementsCsvUrl(year)} label="Download CSV of totals" />
        </div>
      }
      footer={<ErasureRequests />}
    >
      {(listing) => (
        <>
          <p className="text-stone-800">
            {listing.donors.length} {listing.donors.length === 1 ? 'donor' : 'donors'},{' '}
            {formatMoney(listing.totalCents)} received and kept in {listing.year}; mailed
            automatically on <DateText iso={listing.sendsAt} />.
          </p>
          {listing.donors.length === 0 ? (
            <EmptyState>No gift that year.</EmptyState>
          ) : (
            <StatementsTable
              listing={listing}
              sending={send.isPending}
              onSend={(email, again) => sendNow({ email, again })}
            />
          )}
        </>
      )}
    </QueryPanel>
  );
}

type StatementsListing = z.infer<typeof statementListing>;

/** A year's donors, each with their statement's figures, its preview and Send (again). */
function StatementsTable({
  listing,
  sending,
  onSend,
}: {
  listing: StatementsListing;
  sending: boolean;
  onSend: (email: string, again: boolean) => void;
}) {
  return (
    <DataTable
      caption={`Statements for ${listing.year}`}
      headers={['Donor', 'Gifts', 'Total', 'Sent', 'Last sent', 'Actions']}
      stackBelow="wide"
    >
      {listing.donors.map((d) => (
        <tr key={d.email}>
          <td className={`${cellClass} wrap-anywhere`}>
            {d.name}
            <br />
            {d.email}
          </td>
          <td className={cellClass}>{d.gifts}</td>
          <td className={cellClass}>{formatMoney(d.keptCents)}</td>
          <td className={cellClass}>{d.sends}</td>
          <DateTimeCell iso={d.lastSentAt} />
          <td className={cellClass}>
            <div className="flex flex-wrap gap-2">
              <a
                className="inline-flex min-h-9 items-center text-sm font-semibold text-navy-800 underline"
                href={statementPreviewUrl(listing.year, d.email)}
                target="_blank"
                rel="noreferrer"
              >
                Preview<span className="sr-only"> the statement of {d.email}</span>
              </a>
              <ActionButton
                disabled={sending}
                onClick={() => onSend(d.email, d.sends > 0)}
                aria-label={`${d.sends > 0 ? 'Send again' : 'Send'} the statement of ${d.email}`}
              >
                {d.sends > 0 ? 'Send again' : 'Send'}
              </ActionButton>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>{new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' })}</time>
  );
}
