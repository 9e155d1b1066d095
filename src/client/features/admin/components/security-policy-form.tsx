import { useId, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import {
  useSecurityPolicyQuery,
  useSetSecurityPolicy,
} from '~/client/features/admin/api/security-policy';
import { plainMessage } from '~/client/features/admin/lib/plain-message';

/**
 * Owners: require a second factor of every administrator. Those without one are signed out and
 * set one up right after their password the next time they sign in.
 */
export function SecurityPolicyForm() {
  const headingId = useId();
  const hintId = useId();
  const toast = useToast();
  const query = useSecurityPolicyQuery();
  const save = useSetSecurityPolicy();
  // What the owner ticked, until saved; the saved setting otherwise.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const current = query.data?.requireSecondFactor;
  const required = choice ?? current ?? false;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(required, {
      onSuccess: ({ requireSecondFactor, sessionsEnded }) => {
        setChoice(null);
        toast({
          title: 'Security Setting Saved',
          description: requireSecondFactor
            ? `A second factor is now required. ${sessionsEnded} ${sessionsEnded === 1 ? 'session was' : 'sessions were'} signed out to set one up.`
            : 'A second factor is now each administrator’s choice.',
        });
      },
      onError: (error) => {
        setMessage(plainMessage(error));
        toast({ title: 'Not Saved', description: plainMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        Second factor for everyone
      </h3>
      {query.error ? (
        <p role="alert" className="text-sm text-red-800">
          {plainMessage(query.error)}
        </p>
      ) : null}
      <label className="flex items-start gap-3 text-stone-900">
        <input
          type="checkbox"
          name="requireSecondFactor"
          checked={required}
          disabled={!query.data}
          aria-describedby={hintId}
          onChange={(e) => setChoice(e.target.checked)}
          className="mt-1 size-5 accent-navy-800"
        />
        <span>
          Require a second factor (an authenticator app or a passkey) of every administrator
        </span>
      </label>
      <p id={hintId} className="text-sm text-stone-700">
        Administrators without one are signed out and must set one up right after their password the
        next time they sign in. Set up your own first, under Account security.
        {query.data?.updatedAt
          ? ` Last changed ${formatDateTime(query.data.updatedAt)} by ${query.data.updatedBy ?? 'the command line'}.`
          : ''}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={!query.data || save.isPending || required === current}
      >
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
