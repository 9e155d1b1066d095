import { TextField } from '~/client/components/ui/field';
import type { BoundField } from '~/client/lib/use-zod-form';

/**
 * A donor's name and email as the office types them (a cheque, a call, a pledge): the
 * browser's own saved name and address are not offered. The email is optional; `emailHint`
 * says what it is used for.
 */
export function OfficeDonorFields({
  field,
  emailHint,
}: {
  field: (name: 'name' | 'email') => BoundField<string>;
  emailHint: string;
}) {
  return (
    <>
      <TextField label="Donor's name" required autoComplete="off" {...field('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        hint={emailHint}
        {...field('email')}
      />
    </>
  );
}
