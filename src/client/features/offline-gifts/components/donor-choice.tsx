import { useEffect, useMemo, useState } from 'react';
import { DonorRecordChoices } from '~/client/components/donor-record-choices';
import type { BoundField } from '~/client/lib/use-zod-form';
import { useDonorSuggestions } from '~/client/features/offline-gifts/api/donor-suggestions';

/** Typing settles this long before the donors of the name are looked up. */
const LOOKUP_DELAY_MS = 400;

/**
 * A gift without email (ADR 053): the records of donors of the same name, the one at the same
 * address first, and "a new donor record". The office confirms which; nothing is chosen for them
 * (a new record unless they pick one). Shows nothing while there is an email or no such donor.
 */
export function DonorChoice({
  donorName,
  address,
  hasEmail,
  name,
  value,
  error,
  onValue,
}: {
  donorName: string;
  address: string;
  hasEmail: boolean;
} & BoundField<string>) {
  const [settled, setSettled] = useState({ name: donorName, address });
  useEffect(() => {
    const timer = window.setTimeout(
      () => setSettled({ name: donorName, address }),
      LOOKUP_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [donorName, address]);
  const suggestions = useDonorSuggestions(settled.name, settled.address, !hasEmail);
  const records = useMemo(
    () => (hasEmail ? [] : (suggestions.data?.donors ?? [])),
    [hasEmail, suggestions.data],
  );
  // A choice that is no longer offered (the name changed) is no choice.
  useEffect(() => {
    if (value && !records.some((r) => r.id === value)) onValue(name, '');
  }, [value, records, name, onValue]);
  if (records.length === 0) return null;

  return (
    <fieldset className="rounded-md bg-amber-50 p-3 text-stone-900">
      <legend className="px-1 font-semibold">Is this a donor you already have?</legend>
      <p className="text-sm">
        There is no email, so please confirm who gave: their gifts are counted together.
      </p>
      <DonorRecordChoices
        name={name}
        records={records}
        value={value}
        onChange={(id) => onValue(name, id)}
        describe={(record) =>
          `${record.name ?? 'Anonymous'}, ${record.postalAddress ?? 'no address'}${record.email ? `, ${record.email}` : ''} (${record.gifts} gift(s))`
        }
        none="A different person: a new donor record"
        className="mt-2"
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
