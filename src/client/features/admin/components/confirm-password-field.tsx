import { TextField } from '~/client/components/ui/field';
import type { BoundField } from '~/client/lib/use-zod-form';

/** The current password, asked again before a change to how the account signs in. */
export function ConfirmPasswordField(props: BoundField<'password'>) {
  return (
    <TextField
      label="Your password"
      hint="To confirm it is you."
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}
