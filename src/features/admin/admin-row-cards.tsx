/**
 * A page of rows on a phone: one card per row with its key and three telling columns
 * (a name first, then the columns this page fills most), the other columns a tap
 * away, and Edit (the row sheet) and Delete. A grid scrolled sideways hides both the
 * row's identity and its actions on a 390px screen.
 */
import { useId } from 'react';
import { cellText, LABEL_COLUMNS, type Row } from './admin-data';
import { RowActions } from './admin-parts';
import { plural } from '../../../db/rules/words';

const SUMMARY_SIZE = 3;

/** The columns a card shows up front: name-like ones, then the fullest, in table order. */
export function summaryColumns(columns: readonly string[], rows: readonly Row[], key: string | null) {
  const filled = (column: string) => rows.filter((row) => cellText(row[column]) !== '').length;
  const label = (column: string) => {
    const index = LABEL_COLUMNS.indexOf(column);
    return index >= 0 ? index : LABEL_COLUMNS.length;
  };
  const candidates = columns.filter((column) => column !== key);
  const ranked = candidates
    .map((column, order) => ({ column, order, label: label(column), filled: filled(column) }))
    .sort((a, b) => a.label - b.label || b.filled - a.filled || a.order - b.order)
    .slice(0, SUMMARY_SIZE)
    .map((item) => item.column);
  // Shown in table order, so every card reads the same way.
  const shown = candidates.filter((column) => ranked.includes(column));
  return { shown, rest: candidates.filter((column) => !ranked.includes(column)) };
}

function Fields({ columns, row }: { columns: readonly string[]; row: Row }) {
  return (
    <dl className="admin-card-fields">
      {columns.map((column) => {
        const value = row[column];
        return (
          <div key={column}>
            <dt>{column}</dt>
            <dd>
              {value === null || value === undefined ? (
                <span className="admin-null">NULL</span>
              ) : (
                cellText(value)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** What a table's rows are shown with: as cards on a phone, as a grid on a desk. */
export interface RowListProps {
  table: string;
  data: { columns: string[]; rows: Row[] };
  keyColumn: string | null;
  writable: boolean;
  busy: boolean;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}

export function RowCards({ table, data, keyColumn, writable, busy, onEdit, onDelete }: RowListProps) {
  const baseId = useId();
  if (data.rows.length === 0) return <p className="status status-empty">This table has no rows.</p>;
  const { shown, rest } = summaryColumns(data.columns, data.rows, keyColumn);
  return (
    <ul className="admin-cards" aria-label={`${table} rows`}>
      {data.rows.map((row, index) => {
        const rowKey = keyColumn ? cellText(row[keyColumn]) : String(index);
        const keyId = `${baseId}-key-${index}`;
        return (
          <li key={rowKey} className="admin-card">
            <p className="admin-card-key" id={keyId}>
              {keyColumn ? (
                <>
                  <span className="admin-card-key-name">{keyColumn}</span> <strong>{rowKey}</strong>
                </>
              ) : (
                <strong>Row {index + 1}</strong>
              )}
            </p>
            <Fields columns={shown} row={row} />
            {rest.length > 0 && (
              <details className="admin-card-more">
                <summary>{plural(rest.length, 'more column', 'more columns')}</summary>
                <Fields columns={rest} row={row} />
              </details>
            )}
            {writable && (
              <div className="admin-card-actions">
                <RowActions
                  busy={busy}
                  describedBy={keyId}
                  onEdit={() => onEdit(row)}
                  onDelete={() => onDelete(row)}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
