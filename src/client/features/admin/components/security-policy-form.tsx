import { useId, useState } from 'react';
import type { SecurityPolicy } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { CheckboxField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  useSecurityPolicyQuery,
  useSetSecurityPolicy,
} from '~/client/features/admin/api/security-policy';
import { plainMessage } from '~/client/features/admin/lib/plain-message';

const loadSchema = () =>
  import('~/shared/schemas/admin-second-factor').then((m) => m.securityPolicyForm);

/**
 * Owners: require a second factor of every administrator. Those without one are signed out and
 * set one up right after their password the next time they sign in.
 */
export function SecurityPolicyForm() {
  const query = useSecurityPolicyQuery();
  // The form starts from the saved setting: anew once it has loaded, and after each change.
  const key = query.data ? (query.data.updatedAt ?? 'never changed') : 'loading';
  return <PolicyForm key={key} policy={query.data} loadError={query.error} />;
}

function PolicyForm({
  policy,
  loadError,
}: {
  policy: SecurityPolicy | undefined;
  loadError: Error | null;
}) {
  const headingId = useId();
  const hintId = useId();
  const toast = useToast();
  const save = useSetSecurityPolicy();
  const saved = String(policy?.requireSecondFactor ?? false);
  const form = useZodForm(loadSchema, { requireSecondFactor: saved });
  const [message, setMessage] = useState<string | null>(null);

  const onSave = async ({ requireSecondFactor }: { requireSecondFactor: boolean }) => {
    setMessage(null);
    try {
      const changed = await save.mutateAsync(requireSecondFactor);
      const ended = changed.sessionsEnded;
      toast({
        title: 'Security Setting Saved',
        description: changed.requireSecondFactor
          ? `A second factor is now required. ${ended} ${ended === 1 ? 'session was' : 'sessions were'} signed out to set one up.`
          : 'A second factor is now each administrator’s choice.',
      });
    } catch (error) {
      setMessage(plainMessage(error));
      toast({ title: 'Not Saved', description: plainMessage(error), variant: 'destructive' });
      throw error;
    }
  };

  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(onSave)}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        Second factor for everyone
      </h3>
      {loadError ? (
        <p role="alert" className="text-sm text-red-800">
          {plainMessage(loadError)}
        </p>
      ) : null}
      <CheckboxField
        label="Require a second factor (an authenticator app or a passkey) of every administrator"
        {...form.field('requireSecondFactor')}
        disabled={!policy || form.submitting}
        describedBy={hintId}
      />
      <p id={hintId} className="text-sm text-stone-700">
        Administrators without one are signed out and must set one up right after their password the
        next time they sign in. Set up your own first, under Account security.
        {policy?.updatedAt
          ? ` Last changed ${formatDateTime(policy.updatedAt)} by ${policy.updatedBy ?? 'the command line'}.`
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
        disabled={!policy || form.submitting || form.values.requireSecondFactor === saved}
      >
        {form.submitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
