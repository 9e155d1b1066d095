import type { FormEvent } from 'react';
import type { PageFormState } from '~/shared/page-forms';
import { TextField } from '~/client/components/ui/field';
import { useZodForm, type BoundField } from '~/client/lib/use-zod-form';
import { dedicationPayload, DedicationFields, type Dedication } from './gift-options';

const loadDonorSchema = () =>
  import('~/shared/schemas/donations').then((m) => m.checkoutDonorInput);

interface CheckedDonor {
  name: string;
  email: string;
  dedication: ReturnType<typeof dedicationPayload>;
}

const donorFields = {
  name: '',
  email: '',
  dedicate: '',
  dedicationKind: 'honor',
  dedicationName: '',
};

/**
 * The donor part of both checkouts (spec 5): name, email and the optional dedication checked by
 * the shared schema (loaded on first use), and the fields passed through as typed (phone,
 * honeypot). Messages show after the first submit and follow the donor's corrections.
 */
export function useDonorForm<Extra extends Record<string, string>>(
  extra: Extra,
  /** The form as the server sent it back (posted without JavaScript): what was typed, why. */
  returned?: PageFormState,
) {
  const form = useZodForm(loadDonorSchema, { ...donorFields, ...extra }, returned);
  const { values } = form;
  const dedication: Dedication = {
    enabled: values.dedicate === 'yes',
    kind: values.dedicationKind === 'memory' ? 'memory' : 'honor',
    name: values.dedicationName,
  };
  return {
    ...form,
    dedication,
    setDedication(next: Dedication) {
      form.setValue('dedicate', next.enabled ? 'yes' : '');
      form.setValue('dedicationKind', next.kind);
      form.setValue('dedicationName', next.name);
    },
    /**
     * On submit: the checked donor and dedication, or null after showing the messages and
     * focusing the first field in error.
     */
    async submit(event: FormEvent<HTMLFormElement>) {
      const checked: { donor: CheckedDonor | null } = { donor: null };
      await form.handleSubmit(({ name, email }) => {
        checked.donor = { name, email, dedication: dedicationPayload(dedication) };
      })(event);
      return checked.donor;
    },
  };
}

/** What the donor fields take of either checkout's form. */
export interface DonorForm {
  field: (name: 'name' | 'email') => BoundField<string>;
  errors: { dedicationName?: string | undefined };
  dedication: Dedication;
  setDedication: (next: Dedication) => void;
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
      <DedicationFields
        value={form.dedication}
        onChange={form.setDedication}
        error={form.errors.dedicationName}
        disabled={disabled}
      />
    </>
  );
}
