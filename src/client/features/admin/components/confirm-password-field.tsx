import { TextField } from '~/client/components/ui/field';

/** The current password, asked again before a change to how the account signs in. */
export function ConfirmPasswordField({
  value,
  error,
  onValue,
}: {
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  return (
    <TextField
      label="Your password"
      hint="To confirm it is you."
      name="password"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      error={error}
      onValue={(_name, next) => onValue(next)}
    />
  );
}
