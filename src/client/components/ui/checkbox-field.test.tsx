// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField } from './field';

afterEach(cleanup);

describe('CheckboxField', () => {
  it('shows the text the form holds, and gives back the other when clicked', () => {
    const onValue = vi.fn();
    const { rerender } = render(
      <CheckboxField label="Publish now" name="isPublished" value="false" onValue={onValue} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Publish now' });
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    expect(onValue).toHaveBeenCalledWith('isPublished', 'true');
    rerender(
      <CheckboxField label="Publish now" name="isPublished" value="true" onValue={onValue} />,
    );
    expect(box).toHaveProperty('checked', true);
    fireEvent.click(box);
    expect(onValue).toHaveBeenLastCalledWith('isPublished', 'false');
  });

  it('cannot be changed while the form is sent', () => {
    render(<CheckboxField label="Publish now" name="p" value="false" onValue={vi.fn()} disabled />);
    expect(screen.getByRole('checkbox', { name: 'Publish now' })).toHaveProperty('disabled', true);
  });
});
