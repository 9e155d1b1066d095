// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './panel-parts';

/**
 * The admin tables stack on a narrow container: each cell is led by its
 * column's name, which DataTable copies onto the cell for the stylesheet to show.
 */
afterEach(cleanup);

function Rows({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name) => (
        <tr key={name}>
          <td>{name}</td>
          <td>
            <button type="button">Archive {name}</button>
          </td>
        </tr>
      ))}
    </>
  );
}

const labels = () =>
  screen.getAllByRole('cell').map((cell) => [cell.textContent, cell.getAttribute('data-label')]);

describe('DataTable', () => {
  it('names each cell by its column, for the stacked layout', () => {
    render(
      <DataTable caption="All messages" headers={['From', 'Actions']}>
        <Rows names={['Ada', 'Ben']} />
      </DataTable>,
    );
    expect(labels()).toEqual([
      ['Ada', 'From'],
      ['Archive Ada', 'Actions'],
      ['Ben', 'From'],
      ['Archive Ben', 'Actions'],
    ]);
    expect(screen.getByRole('region', { name: 'All messages' }).className).toMatch(
      /data-table-stack-narrow/,
    );
  });

  it('names the cells of rows that come later (another page, a refresh)', async () => {
    const { rerender } = render(
      <DataTable caption="All messages" headers={['From', 'Actions']}>
        <Rows names={['Ada']} />
      </DataTable>,
    );
    rerender(
      <DataTable caption="All messages" headers={['From', 'Actions']}>
        <Rows names={['Ada', 'Chana']} />
      </DataTable>,
    );
    // The observer runs after the DOM changed.
    await act(() => Promise.resolve());
    expect(labels()).toContainEqual(['Chana', 'From']);
    expect(labels()).toContainEqual(['Archive Chana', 'Actions']);
  });

  it('stacks a wide table earlier when asked', () => {
    render(
      <DataTable caption="All applications" headers={['Applicant']} stackBelow="wide">
        <Rows names={[]} />
      </DataTable>,
    );
    expect(screen.getByRole('region', { name: 'All applications' }).className).toMatch(
      /data-table-stack-wide/,
    );
  });
});
