import type { FormEvent } from 'react';
import type { GiftDedication } from '~/shared/checkout-link';
import type { PageFormState } from '~/shared/page-forms';
import { TextField } from '~/client/components/ui/field';
import { useZodForm, type BoundField } from '~/client/lib/use-zod-form';
import {
  dedicationFieldsOf,
  dedicationPayload,
  DedicationFields,
  type DedicationFieldName,
  type DedicationForm,
} from './gift-options';

const loadDonorSchema = () =>
  import('~/shared/schemas/donations').then((m) => m.checkoutDonorInput);

interface CheckedDonor {
  name: string;
  email: string;
  dedication: ReturnType<typeof dedicationPayload>;
}

/**
 * The donor part of both checkouts (spec 5): name, email and the optional dedication checked by
 * the shared schema (loaded on first use), and the fields passed through as typed (phone,
 * honeypot). Messages show after the first submit and follow the donor's corrections. A
 * dedication the checkout's address carries (the campaign page's form) is filled in.
 */
export function useDonorForm<Extra extends Record<string, string>>(
  extra: Extra,
  /** The form as the server sent it back (posted without JavaScript): what was typed, why. */
  returned?: PageFormState,
  dedication?: GiftDedication,
) {
  const form = useZodForm(
    loadDonorSchema,
    { name: '', email: '', ...dedicationFieldsOf(dedication), ...extra },
    returned,
  );
  return {
    ...form,
    /**
     * On submit: the checked donor and dedication, or null after showing the messages and
     * focusing the first field in error.
     */
    async submit(event: FormEvent<HTMLFormElement>) {
      const checked: { donor: CheckedDonor | null } = { donor: null };
      await form.handleSubmit(({ name, email }) => {
        checked.donor = { name, email, dedication: dedicationPayload(form.values) };
      })(event);
      return checked.donor;
    },
  };
}

/** What the donor fields take of either checkout's form. */
export interface DonorForm extends DedicationForm {
  field: (name: 'name' | 'email' | DedicationFieldName) => BoundField<string>;
}

/** Full Name, Email (where the receipt goes) and the dedication. */
export function DonorFields({ form, disabled }: { form: DonorForm; disabled: boolean }) {
  return (
    <>
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        {...form.field('name')}
        disabled={disabled}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...form.field('email')}
        disabled={disabled}
        hint="Your receipt is sent here."
      />
      <DedicationFields form={form} disabled={disabled} />
    </>
  );
}
