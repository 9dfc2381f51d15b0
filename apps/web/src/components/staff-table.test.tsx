import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StaffTable, type StaffColumn } from './staff-table';

type Row = { id: number; name: string };

const COLUMNS: StaffColumn<Row>[] = [
  { key: 'id', label: 'Id', cell: (row) => row.id, cellTestId: 'cell-id' },
  { key: 'name', label: 'Name', cell: (row) => row.name, sortable: true, testId: 'sort-name' },
];
const ROWS: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

type Props = Partial<Parameters<typeof StaffTable<Row>>[0]>;

function draw(props: Props = {}) {
  return renderWithProviders(
    <StaffTable<Row>
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      rowTestId="row"
      loading={false}
      empty="Nothing yet"
      minWidth={600}
      testId="table"
      {...props}
    />,
  );
}

describe('StaffTable', () => {
  it('shows a loader while loading, and no table', () => {
    draw({ loading: true, rows: undefined, loadingTestId: 'loading' });
    expect(screen.getByTestId('loading')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
  });

  it('shows the error instead of the table; a text in red, a node as it is', () => {
    const { unmount } = draw({ error: 'It broke', rows: undefined });
    expect(screen.getByText('It broke')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
    unmount();
    draw({ error: <p data-testid="own-error">Own</p> });
    expect(screen.getByTestId('own-error')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
  });

  it('shows the empty text when there are no rows', () => {
    const { unmount } = draw({ rows: [] });
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
    unmount();
    draw({ rows: [], empty: <p data-testid="own-empty">None</p> });
    expect(screen.getByTestId('own-empty')).toBeTruthy();
  });

  it('draws a row a line, its cells in column order, and its actions in a last column', async () => {
    const act = vi.fn();
    draw({
      actionsLabel: 'Actions',
      rowAttributes: (row) => ({ 'data-row-id': row.id }),
      rowActions: (row) => <Button onClick={() => act(row.id)}>Open {row.name}</Button>,
    });
    const table = screen.getByTestId('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Name', 'Actions']);
    const rows = screen.getAllByTestId('row');
    expect(rows.map((row) => row.getAttribute('data-row-id'))).toEqual(['1', '2']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', 'Beta', 'Open Beta']);
    expect(screen.getAllByTestId('cell-id').map((td) => td.textContent)).toEqual(['1', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Open Beta' }));
    expect(act).toHaveBeenCalledWith(2);
  });

  it('sets a right-aligned column, header and cells, to the right; a no-wrap one keeps its line too', () => {
    draw({
      columns: [
        { key: 'id', label: 'Id', cell: (row) => row.id, cellTestId: 'cell-id' },
        {
          key: 'amount',
          label: 'Amount',
          cell: (row) => row.name,
          align: 'right',
          noWrap: true,
          cellTestId: 'cell-amount',
        },
      ],
    });
    const headers = within(screen.getByTestId('table')).getAllByRole('columnheader');
    expect(headers[1]!.style.textAlign).toBe('right');
    expect(headers[0]!.style.textAlign).toBe('');
    const amount = screen.getAllByTestId('cell-amount')[0]!;
    expect(amount.style.textAlign).toBe('right');
    expect(amount.style.whiteSpace).toBe('nowrap');
    expect(screen.getAllByTestId('cell-id')[0]!.style.textAlign).toBe('');
  });

  it('pages: no pager for one page, the window of pages for more, and the page picked', async () => {
    const onChange = vi.fn();
    const paging = { page: 1, pageSize: 2, onChange, label: 'Row pages', testId: 'pages' };
    const { unmount } = draw({ paging: { ...paging, total: 2 } });
    expect(screen.queryByTestId('pages')).toBeNull();
    unmount();
    draw({ paging: { ...paging, total: 5 } });
    expect(screen.getByTestId('pages').getAttribute('aria-label')).toBe('Row pages');
    expect(screen.getAllByTestId('pagination-page').map((page) => page.textContent)).toEqual(['1', '2', '3']);
    await userEvent.click(screen.getByRole('button', { name: /3/ }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('sorts by a sortable header: aria-sort says the order, a click asks for the column', async () => {
    const onSort = vi.fn();
    const { unmount } = draw({ sort: { by: 'name', order: 'asc', onSort } });
    const header = screen.getByTestId('sort-name');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Id' }).getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('name');
    unmount();
    draw({ sort: { by: 'id', order: 'desc', onSort } });
    expect(screen.getByTestId('sort-name').getAttribute('aria-sort')).toBe('none');
  });
});
