import { useId } from 'react';

/** Pieces shared by the panels that list things by status (the inbox, jobs, deliveries). */

export function StatusFilter<S extends string>({
  statuses,
  labels,
  value,
  onChange,
  label = 'Status',
  allLabel = 'All statuses',
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S | '';
  onChange: (value: S | '') => void;
  label?: string;
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as S | '')}
        className="w-full max-w-xs rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
      >
        <option value="">{allLabel}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function StatusBadge({ label, tone }: { label: string; tone: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {label}
    </span>
  );
}
