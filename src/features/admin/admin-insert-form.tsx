/**
 * The 'Insert New Row' form: one free-text field per column with its type as the hint
 * (spec section 5), foreign keys as dropdowns. Empty fields are left out, so the
 * database fills defaults (an INTEGER key numbers itself) and says what is required.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Relation, SchemaColumn } from './admin-data';
import { ColumnField } from './admin-fields';
import type { RelatedRows } from './admin-related-rows';

export function InsertForm({
  table,
  columns,
  relations,
  related,
  busy,
  onSubmit,
  onCancel,
}: {
  table: string;
  columns: SchemaColumn[];
  relations: Relation[];
  related: ReadonlyMap<string, RelatedRows>;
  busy: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (column: string, value: string) => setValues((current) => ({ ...current, [column]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
  };

  return (
    <form className="admin-insert" aria-labelledby={`${formId}-heading`} onSubmit={submit}>
      <h3 id={`${formId}-heading`}>New row in {table}</h3>
      <p className="admin-hint">Fields left empty take the column&apos;s default, or no value.</p>
      <div className="admin-insert-fields">
        {columns.map((column) => (
          <ColumnField
            key={column.name}
            id={`${formId}-field-${column.name}`}
            column={column}
            mode="insert"
            value={values[column.name] ?? ''}
            relation={relations.find((item) => item.column_name === column.name)}
            related={related}
            disabled={busy}
            onChange={(value) => set(column.name, value)}
          />
        ))}
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="button" disabled={busy}>
          Insert Row
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
