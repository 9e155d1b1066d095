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

  it('binds fields nested by path; without a schema it sends the values as they are', async () => {
    const onValid = vi.fn();
    function Nested() {
      const form = useZodForm(null, { value: { items: [{ title: 'Ruth' }] } });
      const title = form.field('value.items.0.title');
      return (
        <form {...form.formProps} onSubmit={form.submitWith(onValid)}>
          <TextField label="Title" {...title} />
          <button type="submit">Send</button>
          <button type="button" onClick={() => form.setErrors({ 'value.items.0.title': 'Taken' })}>
            Refuse
          </button>
          <button
            type="button"
            onClick={() => form.setErrors({ 'value.items.0.title': 'Taken' }, { focus: false })}
          >
            Refuse quietly
          </button>
        </form>
      );
    }
    const { user } = renderWithProviders(<Nested />);
    expect(screen.getByLabelText('Title').getAttribute('name')).toBe('value.items.0.title');
    await user.type(screen.getByLabelText('Title'), ' Katz');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ value: { items: [{ title: 'Ruth Katz' }] } }),
    );

    await user.click(screen.getByRole('button', { name: 'Refuse quietly' }));
    expect(fieldError('Title')).toBe('Taken');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refuse quietly' }));
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
  });

  it('focuses a control posted under another name by the field it says it is (data-field)', async () => {
    function Renamed() {
      const form = useZodForm(loadSchema, { name: '', city: '' });
      const city = form.field('city');
      return (
        <form {...form.formProps} onSubmit={form.submitWith(() => undefined)}>
          <TextField label="Name" {...form.field('name')} />
          <TextField
            label="City"
            {...city}
            name="town"
            data-field="city"
            onValue={(_, value) => form.setValue('city', value)}
          />
          <button type="submit">Send</button>
        </form>
      );
    }
    const { user } = renderWithProviders(<Renamed />);
    await user.type(screen.getByLabelText('Name'), 'Ruth');
    await user.type(screen.getByLabelText('City'), 'Jerusalem');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldError('City')).toBe('City must be at most 5 characters'));
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
  });

  it('posts a page form as it is once the schema takes it, and not before', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    function PageForm() {
      const form = useZodForm(loadSchema, { name: '', city: '' });
      return (
        <form {...form.formProps} action="/contact" onSubmit={form.postWhenValid}>
          <TextField label="Name" {...form.field('name')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    const { user } = renderWithProviders(<PageForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldError('Name')).toBe('Name is required'));
    expect(post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'Ruth');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect((post.mock.contexts[0] as HTMLFormElement).getAttribute('action')).toBe('/contact');
  });
});
