// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryPanel } from './panel-parts';

/** The frame of every admin list: heading, Refresh, loading, failure with retry, empty, data. */
afterEach(cleanup);

type Names = { names: string[] };

function query(overrides: Partial<Parameters<typeof QueryPanel<Names>>[0]['query']> = {}) {
  return {
    data: undefined,
    isPending: false,
    isFetching: false,
    error: null,
    refetch: vi.fn(),
    ...overrides,
  };
}

function Panel({
  q,
  errorDescription,
}: {
  q: ReturnType<typeof query> & { data?: Names };
  errorDescription?: string;
}) {
  return (
    <QueryPanel<Names>
      title="Names"
      description="Everyone on the list."
      query={q}
      loadingLabel="Loading names…"
      errorTitle="Could not load the names"
      errorDescription={errorDescription}
      empty={(data) => (data.names.length === 0 ? 'No names yet.' : null)}
      controls={<p>Filters here</p>}
      footer={<p>Add a name</p>}
    >
      {(data) => (
        <ul aria-label="Names">
          {data.names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </QueryPanel>
  );
}

describe('QueryPanel', () => {
  it('says it is loading, with the heading, controls and footer already there', () => {
    render(<Panel q={query({ isPending: true, isFetching: true })} />);
    expect(screen.getByRole('heading', { name: 'Names' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading names…');
    expect(screen.getByText('Filters here')).toBeTruthy();
    expect(screen.getByText('Add a name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure in words and tries again on request', () => {
    const q = query({ error: new Error('The server did not answer.') });
    render(<Panel q={q} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the names');
    expect(alert.textContent).toContain('The server did not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('says the panel’s own words before the error’s message', () => {
    const q = query({ error: new Error('The server did not answer.') });
    render(<Panel q={q} errorDescription="Please try again." />);
    const lines = Array.from(screen.getByRole('alert').querySelectorAll('p'), (p) => p.textContent);
    expect(lines).toEqual([
      'Could not load the names',
      'Please try again.',
      'The server did not answer.',
    ]);
  });

  it('says so when the data is empty, and shows no list', () => {
    render(<Panel q={query({ data: { names: [] } })} />);
    expect(screen.getByText('No names yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the data, and refreshes from the header', () => {
    const q = query({ data: { names: ['Ada', 'Ben'] } });
    render(<Panel q={q} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Ada', 'Ben']);
    expect(screen.queryByText('No names yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });
});
