// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import DataTable, { type Column } from '../../../../src/islands/ui/DataTable.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  code: string;
  enabled: boolean;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'code', header: 'Code' },
  { key: 'enabled', header: 'Enabled', render: (row) => (row.enabled ? 'Yes' : 'No') },
];

test('renders a captioned table with headers and one row per item', () => {
  render(
    <DataTable
      caption="Countries"
      columns={columns}
      rows={[
        { id: 1, name: 'Ghana', code: 'GH', enabled: true },
        { id: 2, name: 'Nigeria', code: 'NG', enabled: false },
      ]}
      rowKey={(row) => row.id}
    />,
  );
  const table = screen.getByRole('table', { name: 'Countries' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Code', 'Enabled']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
    ['Ghana', 'GH', 'Yes'],
    ['Nigeria', 'NG', 'No'],
  ]);
});

test('shows the empty state instead of an empty table', () => {
  render(<DataTable caption="Users" columns={columns} rows={[]} rowKey={(row) => row.id} emptyTitle="No users found in the system." />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('No users found in the system.')).toBeTruthy();
});

test('labels every cell with its column for the card layout, leaving the title and actions unlabelled', () => {
  const cardColumns: Column<Row>[] = [
    { key: 'name', header: 'Name', card: 'title' },
    { key: 'code', header: <abbr title="ISO code">Code</abbr>, label: 'ISO code' },
    { key: 'enabled', header: 'Enabled', render: (row) => (row.enabled ? 'Yes' : 'No') },
    { key: 'actions', header: 'Actions', card: 'actions', render: () => <button type="button">Edit</button> },
  ];
  render(
    <DataTable
      caption="Countries"
      columns={cardColumns}
      rows={[{ id: 1, name: 'Ghana', code: 'GH', enabled: true }]}
      rowKey={(row) => row.id}
    />,
  );
  const cells = [...within(screen.getByRole('table', { name: 'Countries' })).getAllByRole('cell')];
  expect(cells.map((td) => td.getAttribute('data-label'))).toEqual([null, 'ISO code', 'Enabled', null]);
  expect(cells.map((td) => td.className)).toEqual(['data-table__title', '', '', 'data-table__actions']);
});
