/**
 * One table in the editor: its schema, relations and a page of rows; per-row Edit,
 * Save, Cancel and Delete; 'Insert New Row'; and Previous / Next. Foreign keys edit
 * as dropdowns of the related rows, the key column never changes, and a read-only
 * table (the audit log) offers no writes at all.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loading } from '@/components/status';
import { failureReason } from '@/lib/api-client';
import { sendStaffWrite } from '@/lib/staff-api';
import { useApi } from '@/hooks/use-api';
import { usePhone } from '@/hooks/use-media-query';
import {
  cellText,
  INVALID_FORMAT,
  parsePage,
  parseRelations,
  parseSchema,
  serverDetail,
  tablePath,
  type Relation,
  type Row,
  type SchemaColumn,
} from './admin-data';
import { ColumnEditor } from './admin-fields';
import { InsertForm } from './admin-insert-form';
import { ErrorBox, Notice, RowActions } from './admin-parts';
import type { useRelatedRows } from './admin-related-rows';
import { RowCards, type RowListProps } from './admin-row-cards';
import { RowSheet } from './admin-row-sheet';

const DELETE_QUESTION = 'Are you sure you want to delete this row?';

interface Editing {
  key: string;
  original: Record<string, string>;
  draft: Record<string, string>;
}

interface Shown {
  id: unknown;
  message: string;
  detail?: string;
}

/** A load's error to show: its failure, or 'Invalid response format' for an answer that did not parse. */
function loadProblem(
  load: { error?: Error; data?: unknown },
  parsed: boolean,
  failed: (error: Error) => Omit<Shown, 'id'>,
): Shown | null {
  if (load.error) return { id: load.error, ...failed(load.error) };
  if (load.data !== undefined && !parsed) return { id: load.data, message: INVALID_FORMAT };
  return null;
}

export function TablePanel({
  table,
  related,
}: {
  table: string;
  related: ReturnType<typeof useRelatedRows>;
}) {
  const base = tablePath(table);
  const titleId = useId();
  // A phone shows rows as cards and edits one in a form sheet; a desk keeps the grid.
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const schemaLoad = useApi<unknown>(`${base}/schema`);
  const relationsLoad = useApi<unknown>(`${base}/relations`);
  const dataLoad = useApi<unknown>(`${base}/data?page=${page}`);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [inserting, setInserting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [writeError, setWriteError] = useState<Shown | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<unknown>>(new Set());

  const schema = schemaLoad.data === undefined ? null : parseSchema(schemaLoad.data);
  const parsedRelations = relationsLoad.data === undefined ? null : parseRelations(relationsLoad.data);
  const relations: Relation[] = parsedRelations ?? [];
  const data = dataLoad.data === undefined ? null : parsePage(dataLoad.data);
  const key = schema?.key ?? null;
  // Writes need the schema (to know the key); without it the rows are shown read-only.
  const writable = schema !== null && !schema.readOnly && key !== null;
  const foreignTables = relations.map((relation) => relation.foreign_table);

  const errors = [
    loadProblem(schemaLoad, schema !== null, (error) => ({
      message: 'Failed to fetch schema',
      detail: serverDetail(error),
    })),
    loadProblem(relationsLoad, parsedRelations !== null, (error) => ({
      message: `Failed to fetch relations: ${failureReason(error)}`,
    })),
    loadProblem(dataLoad, data !== null, (error) => ({
      message: 'Failed to fetch table data',
      detail: serverDetail(error),
    })),
  ].filter((shown): shown is Shown => shown !== null);
  for (const foreign of new Set(foreignTables)) {
    const entry = related.entries.get(foreign);
    if (entry?.status === 'error') {
      errors.push({
        id: entry,
        message: 'Failed to fetch table data',
        detail: `${foreign}: ${failureReason(entry.error)}`,
      });
    }
  }
  const sheetOpen = phone && editing !== null && writable && key !== null && data !== null;
  // A failed save shows in the sheet while it is open, not behind it.
  if (writeError && !sheetOpen) errors.push(writeError);
  const dismiss = (shown: Shown) => {
    if (shown === writeError) setWriteError(null);
    else setDismissed((current) => new Set(current).add(shown.id));
  };

  /** Runs one write; on success the rows (and any dropdown listing them) load again. */
  const write = async (failure: string, send: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    setWriteError(null);
    setNotice(null);
    try {
      await send();
    } catch (error) {
      console.warn(error); // handled: the error box shows it
      setWriteError({ id: error, message: failure, detail: serverDetail(error) });
      setBusy(false);
      return false;
    }
    setBusy(false);
    setNotice(success);
    related.invalidate(table);
    dataLoad.reload();
    return true;
  };

  const startEdit = (row: Row) => {
    if (!key || !data) return;
    const original = Object.fromEntries(data.columns.map((column) => [column, cellText(row[column])]));
    setEditing({ key: cellText(row[key]), original, draft: original });
    setInserting(false);
    setWriteError(null);
    related.request(foreignTables);
  };

  const save = async () => {
    if (!editing || !key) return;
    // Only what changed is sent, never the key: the server refuses a key change.
    const changes = Object.fromEntries(
      Object.entries(editing.draft).filter(
        ([column, value]) => column !== key && value !== editing.original[column],
      ),
    );
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    const saved = await write(
      'Failed to update row',
      () => sendStaffWrite('PUT', `${base}/rows/${encodeURIComponent(editing.key)}`, changes),
      'Row updated',
    );
    if (saved) setEditing(null);
  };

  const remove = async (row: Row) => {
    if (!key || !data || !window.confirm(DELETE_QUESTION)) return;
    const rowKey = cellText(row[key]);
    const deleted = await write(
      'Failed to delete row',
      () => sendStaffWrite('DELETE', `${base}/rows/${encodeURIComponent(rowKey)}`),
      'Row deleted',
    );
    if (!deleted) return;
    if (editing?.key === rowKey) setEditing(null);
    // The last row of the last page went: show the page before it.
    if (data.rows.length === 1 && page > 1) setPage(page - 1);
  };

  const insert = async (values: Record<string, string>) => {
    const inserted = await write(
      'Failed to insert row',
      () => sendStaffWrite('POST', `${base}/rows`, values),
      'Row inserted',
    );
    if (inserted) setInserting(false);
  };

  const draftChange = (column: string, value: string) =>
    setEditing((current) => current && { ...current, draft: { ...current.draft, [column]: value } });

  const goTo = (next: number) => {
    setEditing(null);
    setNotice(null);
    setPage(next);
  };

  const visibleErrors = errors.filter((shown) => !dismissed.has(shown.id));
  const schemaColumns: SchemaColumn[] = schema?.columns ?? [];

  return (
    <section className="admin-panel" aria-labelledby={titleId}>
      <header className="admin-panel-header">
        <div className="admin-panel-heading">
          <h2 id={titleId}>{table}</h2>
          {schema?.readOnly && <span className="badge">Read-only</span>}
        </div>
        {writable && !inserting && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setInserting(true);
              setEditing(null);
              setWriteError(null);
              related.request(foreignTables);
            }}
          >
            Insert New Row
          </button>
        )}
      </header>
      {schema?.readOnly && (
        <p className="admin-hint admin-readonly-note">
          This table is a record of changes: it can be read, not edited.
        </p>
      )}

      {visibleErrors.map((shown, index) => (
        <ErrorBox
          key={index}
          message={shown.message}
          detail={shown.detail}
          onDismiss={() => dismiss(shown)}
        />
      ))}
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}

      {inserting && writable && (
        <InsertForm
          table={table}
          columns={schemaColumns}
          relations={relations}
          related={related.entries}
          busy={busy}
          onSubmit={(values) => void insert(values)}
          onCancel={() => setInserting(false)}
        />
      )}

      {dataLoad.loading && !data ? (
        <Loading label="Loading rows..." />
      ) : data ? (
        <>
          {phone ? (
            <RowCards
              table={table}
              data={data}
              keyColumn={key}
              writable={writable}
              busy={busy}
              onEdit={startEdit}
              onDelete={(row) => void remove(row)}
            />
          ) : (
            <DataGrid
              table={table}
              data={data}
              keyColumn={key}
              writable={writable}
              busy={busy}
              editing={editing}
              relations={relations}
              related={related.entries}
              schemaColumns={schemaColumns}
              onEdit={startEdit}
              onDraft={draftChange}
              onSave={() => void save()}
              onCancel={() => setEditing(null)}
              onDelete={(row) => void remove(row)}
            />
          )}
          <nav className="admin-pager" aria-label="Pages">
            <button
              type="button"
              className="button button-secondary"
              disabled={page <= 1 || dataLoad.loading}
              onClick={() => goTo(page - 1)}
            >
              Previous
            </button>
            <span className="admin-pager-text" aria-live="polite">
              Page {page} of {data.totalPages}
            </span>
            <button
              type="button"
              className="button button-secondary"
              disabled={page >= data.totalPages || dataLoad.loading}
              onClick={() => goTo(page + 1)}
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
      {sheetOpen && (
        <RowSheet
          table={table}
          keyColumn={key}
          rowKey={editing.key}
          columns={data.columns}
          schemaColumns={schemaColumns}
          draft={editing.draft}
          relations={relations}
          related={related.entries}
          busy={busy}
          error={writeError}
          onDraft={draftChange}
          onSave={() => void save()}
          onCancel={() => {
            setEditing(null);
            setWriteError(null);
          }}
          onDismissError={() => setWriteError(null)}
        />
      )}
    </section>
  );
}

function DataGrid({
  table,
  data,
  keyColumn,
  writable,
  busy,
  editing,
  relations,
  related,
  schemaColumns,
  onEdit,
  onDraft,
  onSave,
  onCancel,
  onDelete,
}: RowListProps & {
  editing: Editing | null;
  relations: Relation[];
  related: TablePanelRelated;
  schemaColumns: SchemaColumn[];
  onDraft: (column: string, value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const editingKey = editing?.key ?? null;
  // Editing starts in the row's first field (on a phone that scrolls the grid to it).
  useEffect(() => {
    if (editingKey === null) return;
    const field = body.current?.querySelector<HTMLElement>('.admin-row-editing :is(input, select)');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [editingKey]);
  // Enter saves and Escape cancels, as in a spreadsheet.
  const onEditKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      onCancel();
    }
  };

  if (data.rows.length === 0) return <p className="status status-empty">This table has no rows.</p>;
  return (
    // The region scrolls both ways with a sticky header; it takes focus so a keyboard can scroll it.
    <div className="admin-grid-scroll" role="region" aria-label={`${table} rows`} tabIndex={0}>
      <table className="admin-grid">
        <caption className="visually-hidden">{table}</caption>
        <thead>
          <tr>
            {writable && (
              <th scope="col" className="admin-actions-cell">
                Actions
              </th>
            )}
            {data.columns.map((column) => (
              <th scope="col" key={column}>
                {column}
                {column === keyColumn && <span className="admin-key-mark"> (key)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {data.rows.map((row, index) => {
            const rowKey = keyColumn ? cellText(row[keyColumn]) : String(index);
            const isEditing = writable && editing?.key === rowKey;
            return (
              <tr
                key={rowKey}
                className={isEditing ? 'admin-row-editing' : undefined}
                onKeyDown={isEditing ? onEditKey : undefined}
              >
                {writable && (
                  <td className="admin-actions-cell">
                    <span className="admin-row-actions">
                      {isEditing ? (
                        <>
                          <button
                            type="button"
                            className="button admin-small"
                            onClick={onSave}
                            disabled={busy}
                          >
                            Save
                          </button>
                          <button
                            type="button"
                            className="button button-secondary admin-small"
                            onClick={onCancel}
                            disabled={busy}
                          >
                            Cancel
                          </button>
                        </>
                      ) : (
                        <RowActions busy={busy} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
                      )}
                    </span>
                  </td>
                )}
                {data.columns.map((column) =>
                  isEditing && editing ? (
                    <td key={column}>
                      <EditCell
                        column={column}
                        isKey={column === keyColumn}
                        value={editing.draft[column] ?? ''}
                        relation={relations.find((relation) => relation.column_name === column)}
                        related={related}
                        nullable={schemaColumns.find((item) => item.name === column)?.nullable ?? true}
                        busy={busy}
                        onChange={(value) => onDraft(column, value)}
                      />
                    </td>
                  ) : (
                    <ValueCell key={column} value={row[column]} />
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type TablePanelRelated = ReturnType<typeof useRelatedRows>['entries'];

function ValueCell({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <td>
        <span className="admin-null">NULL</span>
      </td>
    );
  }
  const text = cellText(value);
  return (
    <td title={text.length > 40 ? text : undefined}>
      <span className="admin-cell">{text}</span>
    </td>
  );
}

function EditCell({
  column,
  isKey,
  value,
  relation,
  related,
  nullable,
  busy,
  onChange,
}: {
  column: string;
  isKey: boolean;
  value: string;
  relation: Relation | undefined;
  related: TablePanelRelated;
  nullable: boolean;
  busy: boolean;
  onChange: (value: string) => void;
}) {
  if (isKey) return <span className="admin-cell admin-key-value">{value}</span>;
  return (
    <ColumnEditor
      column={column}
      value={value}
      relation={relation}
      related={related}
      nullable={nullable}
      disabled={busy}
      onChange={onChange}
    />
  );
}
