import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';

/**
 * New recovery codes, shown this once: what they are for, the codes, and a way to copy them.
 * The server keeps only their hashes, so nobody can show them again.
 */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const headingId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('The codes are copied. Paste them somewhere safe.');
    } catch {
      setCopied('This browser did not allow copying. Select the codes and copy them by hand.');
    }
  };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border-2 border-gold-500 bg-cream-50 p-4"
    >
      <h2 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        Your recovery codes
      </h2>
      <p className="text-stone-800">
        Keep these somewhere safe, such as a password manager or a printed copy in a locked drawer.
        If you lose your phone or passkey, each code signs you in once. They will not be shown
        again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 font-mono text-base text-navy-950 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" className="border border-stone-400" onClick={() => void copy()}>
          Copy the codes
        </Button>
        <p role="status" className="text-sm text-stone-800">
          {copied}
        </p>
      </div>
    </section>
  );
}
