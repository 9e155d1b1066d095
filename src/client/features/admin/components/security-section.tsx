import { useId, type ReactNode } from 'react';

/** One part of Account Security: its name, where it stands, what it is, its controls. */
export function SecuritySection({
  title,
  status,
  description,
  children,
}: {
  title: string;
  status: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-2xl font-semibold text-navy-950">
          {title}
        </h2>
        <p className="text-sm font-semibold text-stone-800">{status}</p>
      </div>
      <p className="text-stone-700">{description}</p>
      {children}
    </section>
  );
}
