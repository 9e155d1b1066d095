import { useId, useState, type ReactNode } from 'react';
import { fieldMessages, plainMessage } from '~/client/features/admin/lib/plain-message';

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

const noRefusal = { errors: {} as Record<string, string>, message: null as string | null };

/**
 * A refused security step: the server's messages at the fields they name, or else one message
 * for the whole part (shown by RefusalMessage).
 */
export function useRefusal() {
  const [refusal, setRefusal] = useState(noRefusal);
  return {
    ...refusal,
    show: (error: unknown) => {
      const errors = fieldMessages(error);
      setRefusal({ errors, message: Object.keys(errors).length > 0 ? null : plainMessage(error) });
    },
    clear: () => setRefusal(noRefusal),
    /** The fields' messages only: the part's own message stays until the next attempt. */
    clearFields: () => setRefusal((shown) => ({ ...shown, errors: {} })),
  };
}

/** The part's own message of a refusal, announced. */
export function RefusalMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
