import { useRef, useState, type FormEvent } from 'react';
import type { PageFormState } from '~/shared/page-forms';
import { TextField } from '~/client/components/ui/field';
import { fieldErrors } from '~/client/lib/use-zod-form';
import {
  dedicationError,
  dedicationPayload,
  DedicationFields,
  noDedication,
  type Dedication,
} from './gift-options';

const loadDonorSchema = () =>
  import('~/shared/schemas/donations').then((m) => m.checkoutDonorInput);

type Errors = Record<string, string | undefined>;

/**
 * The donor part of both checkouts (spec 5): name and email checked by the shared schema (loaded
 * on first use), the optional dedication, and the fields passed through as typed (phone,
 * honeypot). Messages show after the first submit and follow the donor's corrections.
 */
export function useDonorForm<Extra extends Record<string, string>>(
  extra: Extra,
  /** The form as the server sent it back (posted without JavaScript): what was typed, why. */
  returned?: PageFormState,
) {
  const [values, setValues] = useState(() => {
    const initial: Record<string, string> = { name: '', email: '', ...extra };
    const typed = returned?.values ?? {};
    for (const key of Object.keys(initial)) initial[key] = typed[key] ?? initial[key]!;
    return initial as { name: string; email: string } & Extra;
  });
  const [errors, setErrors] = useState<Errors>(returned?.errors ?? {});
  const [dedication, setDedication] = useState<Dedication>(() =>
    returned
      ? {
          enabled: returned.values.dedicate === 'yes',
          kind: returned.values.dedicationKind === 'memory' ? 'memory' : 'honor',
          name: returned.values.dedicationName ?? '',
        }
      : noDedication,
  );
  const attempted = useRef(Boolean(returned));

  const validate = async (next = values, nextDedication = dedication) => {
    const result = (await loadDonorSchema()).safeParse(next);
    const errs: Errors = result.success ? {} : fieldErrors(result.error);
    const dedicationProblem = dedicationError(nextDedication);
    if (dedicationProblem) errs.dedicationName = dedicationProblem;
    return { errs, donor: result.success ? result.data : null };
  };

  const recheck = (next: typeof values, nextDedication: Dedication) => {
    if (attempted.current) void validate(next, nextDedication).then(({ errs }) => setErrors(errs));
  };

  return {
    values,
    errors,
    setErrors,
    dedication,
    setValue(name: string, value: string) {
      const next = { ...values, [name]: value };
      setValues(next);
      recheck(next, dedication);
    },
    setDedication(next: Dedication) {
      setDedication(next);
      recheck(values, next);
    },
    /**
     * On submit: the checked donor and dedication, or null after showing the messages and
     * focusing the first field in error.
     */
    async submit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const form = event.currentTarget;
      attempted.current = true;
      const { errs, donor } = await validate();
      setErrors(errs);
      const firstInvalid = Object.keys(errs)[0];
      if (!donor || firstInvalid) {
        if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return null;
      }
      return { ...donor, dedication: dedicationPayload(dedication) };
    },
  };
}

export type DonorForm = ReturnType<typeof useDonorForm>;

/** Full Name, Email (where the receipt goes) and the dedication. */
export function DonorFields({ form, disabled }: { form: DonorForm; disabled: boolean }) {
  return (
    <>
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        required
        value={form.values.name}
        error={form.errors.name}
        disabled={disabled}
        onValue={form.setValue}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.values.email}
        error={form.errors.email}
        disabled={disabled}
        onValue={form.setValue}
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
