import { useEffect, useId, useState } from 'react';
import type { DonorMergeInput, DonorRecordView } from '~/shared/schemas/donor-records';
import { DonorRecordChoices } from '~/client/components/donor-record-choices';
import { Button } from '~/client/components/ui/button';
import { controlClass, TextAreaField } from '~/client/components/ui/field';
import { ModalDialog } from '~/client/components/ui/modal-dialog';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useDonorRecords, useMergeDonors } from '~/client/features/admin-donors/api/donor-records';

const loadSchema = () => import('~/shared/schemas/donor-records').then((m) => m.donorMergeInput);

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
  const toast = useToast();
  const [sent, setSent] = useState('');
  // The search is the form's too (the schema leaves it out of what is merged).
  const form = useZodForm(loadSchema, { search: '', into: '', reason: '' });
  const search = form.field('search');
  const own = useDonorRecords({ gift: giftId });
  const found = useDonorRecords({ search: sent });
  const merge = useMergeDonors();
  const from = own.data?.donors[0];
  const choices = (found.data?.donors ?? []).filter((r) => r.id !== from?.id);

  useEffect(() => {
    const timer = window.setTimeout(() => setSent(search.value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search.value]);

  const onMerge = async ({ into, reason }: DonorMergeInput) => {
    if (!from) return;
    try {
      const { donor, giftsMoved } = await merge.mutateAsync({ id: from.id, into, reason });
      toast({
        title: 'Records Merged',
        description: `${giftsMoved} gift(s) moved to ${describe(donor)}. Their statement now has every gift once.`,
      });
      onClose();
    } catch (error) {
      toast(failureToast(error, 'The records were not merged. Please try again.', 'Not Merged'));
      throw error;
    }
  };

  return (
    <ModalDialog open title="Same person as…" onDismiss={onClose} className="w-full max-w-lg p-5">
      {() => (
        <form {...form.formProps} onSubmit={form.submitWith(onMerge)}>
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
            name={search.name}
            value={search.value}
            disabled={search.disabled}
            maxLength={100}
            placeholder="Name or email"
            onChange={(e) => search.onValue(search.name, e.target.value)}
            // Enter searches (it is already sent as one types); it does not merge.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
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
                  name="into"
                  records={choices}
                  value={form.values.into}
                  onChange={(id) => form.setValue('into', id)}
                  describe={describe}
                  className="mt-1"
                />
              )}
            </fieldset>
          ) : null}
          {form.errors.into ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {form.errors.into}
            </p>
          ) : null}
          <div className="mt-4">
            <TextAreaField
              label="Why they are the same person"
              rows={2}
              maxLength={500}
              {...form.field('reason')}
            />
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!from || form.submitting}>
              {form.submitting ? 'Merging...' : 'Merge records'}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
