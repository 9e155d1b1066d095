import { TextField } from '~/client/components/ui/field';
import type { BoundField } from '~/client/lib/use-zod-form';

/**
 * An administrator's username and password. The username is taken as typed (no capital or
 * spelling changes); the password's autocomplete tells the browser whether to offer a saved
 * one (signing in) or to suggest a new one (adding an administrator).
 */
export function CredentialFields({
  field,
  password,
}: {
  field: (name: 'username' | 'password') => BoundField<string>;
  password: 'current-password' | 'new-password';
}) {
  return (
    <>
      <TextField
        label="Username"
        autoComplete={password === 'new-password' ? 'off' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        required
        {...field('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={password}
        required
        {...field('password')}
      />
    </>
  );
}
