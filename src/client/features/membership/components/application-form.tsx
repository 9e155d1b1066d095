import siteConfig from '~/client/lib/site-config';
import { Button } from '~/client/components/ui/button';
import {
  FieldShell,
  FormNotice,
  HoneypotField,
  TextAreaField,
  TextField,
} from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import type { MembershipApplicationResponse } from '~/shared/schemas/membership';
import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm } from '~/client/app/page-data';
import { submitApplication } from '~/client/features/membership/api/submit-application';

const loadSchema = () =>
  import('~/shared/schemas/membership').then((m) => m.membershipApplicationInput);

interface ApplicationFormProps {
  tierId: string;
  onTierChange: (tierId: string) => void;
  /** The server's answer: the tier applied for and how to pay for it at once. */
  onSubmitted: (application: MembershipApplicationResponse) => void;
}

export function ApplicationForm({ tierId, onTierChange, onSubmitted }: ApplicationFormProps) {
  const toast = useToast();
  // Posted without JavaScript, the page comes back with the form and its messages.
  const page = usePageForm('join');
  const form = useZodForm(
    loadSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      membershipTier: tierId,
      prayerIntentions: '',
      message: '',
      website: '',
    },
    page.returned,
  );
  const { values, errors, submitting, setValue, field } = form;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const result = await submitApplication(data);
      onSubmitted(result);
    } catch (error) {
      toast(failureToast(error, 'Failed to submit your application. Please try again.'));
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(e) => onSubmit(e).catch(() => undefined)}
      aria-label="Membership application"
      id="application"
      action="#application"
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="join" />
      <FormNotice problem={form.errors._} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <FieldShell label="Membership Tier" required error={errors.membershipTier}>
        {({ inputId, describedBy }) => (
          <select
            id={inputId}
            name="membershipTier"
            value={values.membershipTier}
            aria-describedby={describedBy}
            aria-invalid={errors.membershipTier ? true : undefined}
            aria-required
            disabled={submitting}
            onChange={(e) => {
              setValue('membershipTier', e.target.value);
              onTierChange(e.target.value);
            }}
            className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
          >
            {siteConfig.tiers.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tier.name} (${tier.price}/month)
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextAreaField
        label="Prayer Intentions"
        rows={3}
        {...field('prayerIntentions')}
        hint="Names and intentions for the Rabbi's prayers. Kept private."
      />
      <TextAreaField label="Message" rows={3} {...field('message')} />
      <HoneypotField value={values.website ?? ''} onValue={setValue} />
      <Button type="submit" variant="secondary" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
