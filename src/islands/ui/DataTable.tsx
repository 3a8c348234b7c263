import type { ReactNode } from 'react';
import EmptyState from './EmptyState.tsx';

export interface Column<Row> {
  /** Stable key of the column; also the row property shown when there is no `render`. */
  key: string;
  header: ReactNode;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Announced to screen readers as the table's name. */
  caption: string;
  /** What to say when there are no rows. */
  emptyTitle?: string;
  emptyDescription?: ReactNode;
}

function cellValue<Row>(row: Row, column: Column<Row>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return value === null ? '' : JSON.stringify(value);
    default:
      return ''; // undefined, functions and symbols have nothing to show
  }
}

/** A plain table of rows with a caption and an empty state. */
export default function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  emptyTitle = 'No records found.',
  emptyDescription,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <div className="table-wrap">
        <EmptyState title={emptyTitle} description={emptyDescription} />
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align ? `align-${column.align}` : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.align ? `align-${column.align}` : undefined}>
                  {cellValue(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
