import type { ReactNode } from 'react';
import EmptyState from './EmptyState.tsx';

export interface Column<Row> {
  /** Stable key of the column; also the row property shown when there is no `render`. */
  key: string;
  header: ReactNode;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The column's name beside each value where rows show as cards (narrow screens); defaults to a text header. */
  label?: string;
  /** Where rows show as cards: 'title' heads the card and 'actions' closes it, both without the column's name. */
  card?: 'title' | 'actions';
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
  /**
   * The table is wider than its panel on desktops too (many columns of free text): its scrolling box becomes a named,
   * focusable region, so keyboard users can scroll it.
   */
  scrolls?: boolean;
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  const classes = [column.align ? `align-${column.align}` : '', column.card ? `data-table__${column.card}` : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function cellLabel<Row>(column: Column<Row>): string | undefined {
  if (column.card) return undefined;
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
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

/**
 * A table of rows with a caption and an empty state. Where its frame is narrow (a phone) each row shows as a card
 * of labelled values instead, so the table never scrolls sideways.
 */
export default function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  emptyTitle = 'No records found.',
  emptyDescription,
  scrolls = false,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <div className="table-wrap">
        <EmptyState title={emptyTitle} description={emptyDescription} />
      </div>
    );
  }
  return (
    <div className="table-wrap" {...(scrolls ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)} data-label={cellLabel(column)}>
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
