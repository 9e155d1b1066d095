import { useId } from 'react';
import { Button } from '~/client/components/ui/button';
import { SelectField } from '~/client/components/ui/select-field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import { CredentialFields } from './credential-fields';
import type { CreateAdminData } from '~/shared/schemas/admin';
import { useCreateAdminUser } from '~/client/features/admin/api/create-admin-user';
import type { AdminRole } from '~/shared/domain';

const loadSchema = () => import('~/shared/schemas/admin').then((m) => m.createAdminInput);

const roleOptions: { value: AdminRole; label: string }[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner (can manage administrators)' },
];

/** An owner adds an administrator; the server's rules decide, and its messages show per field. */
export function AddAdminForm() {
  const headingId = useId();
  const create = useCreateAdminUser();
  const toast = useToast();
  const form = useZodForm(loadSchema, { username: '', password: '', role: 'admin' as AdminRole });

  const refused = (description: string) =>
    toast({ title: 'Could Not Add Administrator', description, variant: 'destructive' });

  const add = async (data: CreateAdminData) => {
    try {
      await create.mutateAsync(data);
      toast({
        title: 'Administrator Added',
        description: `${data.username} can now sign in as ${data.role === 'owner' ? 'an owner' : 'an admin'}.`,
      });
      form.reset();
    } catch (error) {
      // A taken username comes back as a conflict without fields: it belongs under the username.
      if (error instanceof ApiError && error.status === 409 && !error.fields.username) {
        form.setErrors({ ...error.fields, username: error.message.replace(/^409: /, '') });
      }
      refused((error as Error).message);
      throw error;
    }
  };

  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(add, (errors) => refused(Object.values(errors)[0] ?? ''))}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        Add an administrator
      </h3>
      <div className="grid gap-4 md:grid-cols-3">
        <CredentialFields field={form.field} password="new-password" />
        <SelectField label="Role" required options={roleOptions} {...form.field('role')} />
      </div>
      <Button type="submit" variant="secondary" disabled={create.isPending} className="self-start">
        {create.isPending ? 'Adding...' : 'Add Administrator'}
      </Button>
    </form>
  );
}
