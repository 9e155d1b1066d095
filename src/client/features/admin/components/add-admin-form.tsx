import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { FieldShell, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import type { CreateAdminInput } from '~/shared/schemas/admin';
import { useCreateAdminUser } from '~/client/features/admin/api/create-admin-user';
import type { AdminRole } from '~/shared/domain';

const empty: Required<CreateAdminInput> = { username: '', password: '', role: 'admin' };

/** An owner adds an administrator; the server's rules decide, and its messages show per field. */
export function AddAdminForm() {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateAdminUser();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setValue = (name: string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => ({ ...prev, [name]: '' }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    create.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Administrator Added',
          description: `${values.username} can now sign in as ${values.role === 'owner' ? 'an owner' : 'an admin'}.`,
        });
        setValues(empty);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        // A taken username comes back as a conflict without fields: it belongs under the username.
        if (error instanceof ApiError && error.status === 409 && !fields.username) {
          fields.username = error.message.replace(/^409: /, '');
        }
        setErrors(fields);
        const first = ['username', 'password', 'role'].find((name) => fields[name]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        toast({
          title: 'Could Not Add Administrator',
          description: error.message,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        Add an administrator
      </h3>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          error={errors.username || undefined}
          onValue={setValue}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.password || undefined}
          onValue={setValue}
        />
        <FieldShell label="Role" required error={errors.role || undefined}>
          {({ inputId, describedBy }) => (
            <select
              id={inputId}
              name="role"
              value={values.role}
              aria-describedby={describedBy}
              aria-invalid={errors.role ? true : undefined}
              onChange={(e) => setValue('role', e.target.value as AdminRole)}
              className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
            >
              <option value="admin">Admin</option>
              <option value="owner">Owner (can manage administrators)</option>
            </select>
          )}
        </FieldShell>
      </div>
      <Button type="submit" variant="secondary" disabled={create.isPending} className="self-start">
        {create.isPending ? 'Adding...' : 'Add Administrator'}
      </Button>
    </form>
  );
}
