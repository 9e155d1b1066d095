import { useEffect, useId, useState } from 'react';
import type { DonorRecordView } from '~/shared/schemas/donor-records';
import { DonorRecordChoices } from '~/client/components/donor-record-choices';
import { Button } from '~/client/components/ui/button';
import { controlClass } from '~/client/components/ui/field';
import { ModalDialog } from '~/client/components/ui/modal-dialog';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useDonorRecords, useMergeDonors } from '~/client/features/admin-donors/api/donor-records';

/** Typing settles this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

function describe(record: DonorRecordView) {
  const emails = [record.email, ...record.otherEmails].filter(Boolean).join(', ');
  const parts = [emails || record.postalAddress || 'no email', `${record.gifts} gift(s)`];
  return `${record.name ?? 'Anonymous'} (${parts.join(', ')})`;
}

/**
 * "Same person as…" (ADR 053): the office finds the other record of the donor of this gift and
 * merges this gift's record into it, saying why. The chosen record is kept: every gift moves
 * there and this record's email becomes a second address of it. A modal, one column,
 * usable on a phone.
 */
export function SamePersonDialog({
  giftId,
  donorName,
  onClose,
}: {
  giftId: string;
  donorName: string;
  onClose: () => void;
}) {
  const searchId = useId();
  const reasonId = useId();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sent, setSent] = useState('');
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const own = useDonorRecords({ gift: giftId });
  const found = useDonorRecords({ search: sent });
  const merge = useMergeDonors();
  const from = own.data?.donors[0];
  const choices = (found.data?.donors ?? []).filter((r) => r.id !== from?.id);

  useEffect(() => {
    const timer = window.setTimeout(() => setSent(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const onMerge = () => {
    if (!from) return;
    if (!chosen) return setProblem('Choose the record this donor is the same person as.');
    if (!reason.trim()) return setProblem('Please say why these are the same person.');
    setProblem('');
    merge.mutate(
      { id: from.id, into: chosen, reason },
      {
        onSuccess: ({ donor, giftsMoved }) => {
          toast({
            title: 'Records Merged',
            description: `${giftsMoved} gift(s) moved to ${describe(donor)}. Their statement now has every gift once.`,
          });
          onClose();
        },
        onError: (error) =>
          toast(
            failureToast(error, 'The records were not merged. Please try again.', 'Not Merged'),
          ),
      },
    );
  };

  return (
    <ModalDialog open title="Same person as…" onDismiss={onClose} className="w-full max-w-lg p-5">
      {() => (
        <>
          <p className="mt-2 text-sm">
            {from
              ? `This gift is from ${describe(from)}. Find their other record: every gift of this one moves there, and its email becomes a second address of it.`
              : `Looking up the record of ${donorName}…`}
          </p>
          <label htmlFor={searchId} className="mt-4 block text-sm font-medium">
            Find the other record
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            placeholder="Name or email"
            onChange={(e) => setSearch(e.target.value)}
            className={controlClass}
          />
          {sent ? (
            <fieldset className="mt-3">
              <legend className="text-sm font-medium">Records found</legend>
              {choices.length === 0 ? (
                <p className="text-sm text-stone-700">
                  {found.isFetching ? 'Searching…' : 'No other record found.'}
                </p>
              ) : (
                <DonorRecordChoices
                  name="same-person"
                  records={choices}
                  value={chosen}
                  onChange={setChosen}
                  describe={describe}
                  className="mt-1"
                />
              )}
            </fieldset>
          ) : null}
          <label htmlFor={reasonId} className="mt-4 block text-sm font-medium">
            Why they are the same person
          </label>
          <textarea
            id={reasonId}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={controlClass}
          />
          {problem ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onMerge} disabled={!from || merge.isPending}>
              {merge.isPending ? 'Merging...' : 'Merge records'}
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
