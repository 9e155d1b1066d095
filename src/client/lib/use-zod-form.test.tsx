// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { TextField } from '~/client/components/ui/field';
import { fieldError, renderWithProviders } from '~/client/test/component-test-kit';
import { ApiError } from './api';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  city: z.string().check(z.maxLength(5, 'City must be at most 5 characters')),
});
const loadSchema = () => Promise.resolve(schema);

function Probe({
  onValid,
  onInvalid,
  outside,
}: {
  onValid: (data: z.output<typeof schema>) => Promise<void> | void;
  onInvalid?: (errors: Record<string, string>) => void;
  outside?: Record<string, string | undefined>;
}) {
  const form = useZodForm(loadSchema, { name: '', city: '' }, undefined, outside);
  const submit = form.handleSubmit(onValid, onInvalid);
  return (
    <form {...form.formProps} onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <TextField label="Name" {...form.field('name')} />
      <TextField label="City" {...form.field('city')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm', () => {
  it('blocks a submit the schema refuses, shows why under the field and focuses it', async () => {
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    const { user } = renderWithProviders(<Probe onValid={onValid} onInvalid={onInvalid} />);
    await user.type(screen.getByLabelText('City'), 'Jerusalem');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fieldError('Name')).toBe('Name is required');
    expect(fieldError('City')).toBe('City must be at most 5 characters');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith({
      name: 'Name is required',
      city: 'City must be at most 5 characters',
    });
  });

  it('updates the messages as the visitor corrects, then sends what the schema parsed', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<Probe onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fieldError('Name')).toBe('Name is required');
    await user.type(screen.getByLabelText('Name'), '  Ruth ');
    expect(fieldError('Name')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ruth', city: '' });
  });

  it('shows the server’s per-field answer under its field', async () => {
    const onValid = () =>
      Promise.reject(new ApiError(400, 'Check the form', { city: 'No such city' }));
    const { user } = renderWithProviders(<Probe onValid={onValid} />);
    await user.type(screen.getByLabelText('Name'), 'Ruth');
    await user.type(screen.getByLabelText('City'), 'Zefat');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldError('City')).toBe('No such city'));
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
  });

  it('shows the messages a parent holds when they change, and focuses the first', async () => {
    const { rerender } = renderWithProviders(<Probe onValid={vi.fn()} />);
    expect(fieldError('City')).toBeUndefined();
    rerender(<Probe onValid={vi.fn()} outside={{ name: undefined, city: 'Taken' }} />);
    await waitFor(() => expect(fieldError('City')).toBe('Taken'));
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
  });
});
