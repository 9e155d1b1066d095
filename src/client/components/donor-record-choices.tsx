import type { DonorRecordView } from '~/shared/schemas/donor-records';

/**
 * Donor records to choose one of, as radio buttons (merging a record, recording a gift without
 * email); `none` adds a last choice of none of them, whose value is ''.
 */
export function DonorRecordChoices({
  name,
  records,
  value,
  onChange,
  describe,
  none,
  className = '',
}: {
  /** The radio group's name. */
  name: string;
  records: DonorRecordView[];
  value: string;
  onChange: (id: string) => void;
  /** A record in words. */
  describe: (record: DonorRecordView) => string;
  none?: string;
  className?: string;
}) {
  const choice = (id: string, text: string) => (
    <li key={id}>
      <label className="flex min-h-11 items-start gap-3 rounded-md p-2 hover:bg-stone-50">
        <input
          type="radio"
          name={name}
          className="mt-1 size-5 accent-navy-900"
          checked={value === id}
          onChange={() => onChange(id)}
        />
        <span className="wrap-anywhere">{text}</span>
      </label>
    </li>
  );
  return (
    <ul className={`flex flex-col gap-1 ${className}`}>
      {records.map((record) => choice(record.id, describe(record)))}
      {none === undefined ? null : choice('', none)}
    </ul>
  );
}
