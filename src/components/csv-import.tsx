/**
 * A CSV import: choose a file, see what each line would do (and every problem
 * by line and column) from the server's dry run, then import it all in one go. Nothing is
 * written until the confirm button, and not at all while a line has a problem.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { ColumnHeads } from './column-heads';
import { ApiError, newIdempotencyKey, refreshSession } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { plural } from '../../db/rules/words';
import './csv-import.css';

export const MAX_CSV_BYTES = 1024 * 1024;

export interface ImportProblem {
  line: number;
  column?: string | null;
  message: string;
}

interface ImportAnswer<Row> {
  dry_run: boolean;
  rows: Row[];
  errors: ImportProblem[];
  ignored_columns?: string[];
  created: number;
}

type State<Row> =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; name: string; bytes: ArrayBuffer; answer: ImportAnswer<Row> }
  | { step: 'refused'; name: string; detail: string; errors: ImportProblem[] }
  | { step: 'importing'; name: string; bytes: ArrayBuffer; answer: ImportAnswer<Row> }
  | { step: 'done'; name: string; created: number };

/**
 * POSTs the file's bytes as they are (the server checks their encoding), with the token and
 * an Idempotency-Key; an expired token is refreshed once, as every call of the app does.
 * The JSON client sends JSON bodies only; this is its one raw upload.
 */
async function uploadCsv<T>(path: string, bytes: ArrayBuffer): Promise<T> {
  const key = newIdempotencyKey();
  const post = (token: string | null) =>
    fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'text/csv',
        'Idempotency-Key': key,
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: bytes,
    });
  let response = await post(storage.token());
  if (response.status === 401) {
    const token = await refreshSession();
    if (token) response = await post(token);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: the status says it all.
  }
  if (!response.ok) {
    const detail = (json as { detail?: unknown } | null)?.detail;
    throw new ApiError(response.status, detail, `${response.status} ${text || response.statusText}`, text);
  }
  return json as T;
}

function problemText(problem: ImportProblem): string {
  return `Line ${problem.line}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}`;
}

/** The server's refusal: its detail and, when it sent them, the problems by line. */
function refusal(error: unknown, fallback: string): { detail: string; errors: ImportProblem[] } {
  if (!(error instanceof ApiError)) return { detail: fallback, errors: [] };
  let errors: ImportProblem[] = [];
  try {
    const body = JSON.parse(error.body) as { errors?: ImportProblem[] };
    if (Array.isArray(body.errors)) errors = body.errors;
  } catch {
    // No JSON body: the detail says it all.
  }
  return { detail: error.detailText(fallback), errors };
}

export function CsvImport<Row extends { line: number; outcome: string }>({
  title,
  path,
  columns,
  describe,
  onImported,
}: {
  title: string;
  /** The import's URL (POST, text/csv). */
  path: string;
  /** The header the file must have, shown as a hint. */
  columns: string;
  /** One line of the preview: what the row will create. */
  describe: (row: Row) => string;
  onImported?: (created: number) => void;
}) {
  const ids = { file: useId(), hint: useId(), heading: useId() };
  const [state, setState] = useState<State<Row>>({ step: 'idle' });

  const send = (bytes: ArrayBuffer, dryRun: boolean) =>
    uploadCsv<ImportAnswer<Row>>(`${path}${path.includes('?') ? '&' : '?'}dry_run=${dryRun}`, bytes);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setState({
        step: 'refused',
        name: file.name,
        detail: 'The file is over 1 MB: split it into smaller files.',
        errors: [],
      });
      return;
    }
    setState({ step: 'checking', name: file.name });
    const bytes = await file.arrayBuffer();
    try {
      setState({ step: 'preview', name: file.name, bytes, answer: await send(bytes, true) });
    } catch (error) {
      console.warn(error); // handled: shown below
      setState({
        step: 'refused',
        name: file.name,
        ...refusal(error, 'The file could not be checked. Try again.'),
      });
    }
  };

  const confirm = async () => {
    if (state.step !== 'preview') return;
    setState({ ...state, step: 'importing' });
    try {
      const answer = await send(state.bytes, false);
      setState({ step: 'done', name: state.name, created: answer.created });
      onImported?.(answer.created);
    } catch (error) {
      console.warn(error); // handled: shown below
      setState({
        step: 'refused',
        name: state.name,
        ...refusal(error, 'The import failed: nothing was imported.'),
      });
    }
  };

  const preview = state.step === 'preview' || state.step === 'importing' ? state.answer : null;
  const fileName = state.step === 'idle' ? '' : state.name;
  const problems = state.step === 'refused' ? state.errors : (preview?.errors ?? []);
  const byLine = new Map<number, ImportProblem[]>();
  for (const problem of problems) byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), problem]);

  return (
    <div className="csv-import" role="group" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{title}</h3>
      <p id={ids.hint} className="muted">
        A CSV file (UTF-8, at most 1 MB) with the header <code>{columns}</code>. You see every line before
        anything is imported.
      </p>
      <div className="field">
        <label htmlFor={ids.file}>CSV file</label>
        <input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={ids.hint}
          disabled={state.step === 'checking' || state.step === 'importing'}
          onChange={(event) => void choose(event)}
        />
      </div>
      {state.step === 'checking' && <p role="status">Checking {state.name}…</p>}
      {state.step === 'refused' && (
        <div className="csv-import-refused" role="alert">
          <p>
            <strong>{state.name}:</strong> {state.detail}
          </p>
          {state.errors.length > 0 && (
            <ul>
              {state.errors.map((problem) => (
                <li key={problemText(problem)}>{problemText(problem)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && (
        <>
          <p role="status">
            {preview.errors.length === 0
              ? `${plural(preview.rows.length, 'line is', 'lines are')} ready to import.`
              : `${plural(preview.errors.length, 'problem')} to fix in the file before it can be imported.`}
            {preview.ignored_columns && preview.ignored_columns.length > 0
              ? ` Ignored columns: ${preview.ignored_columns.join(', ')}.`
              : ''}
          </p>
          <div className="csv-import-table">
            <table>
              <caption className="visually-hidden">Preview of {fileName}</caption>
              <ColumnHeads names={['Line', 'Will create', 'Problems']} />
              <tbody>
                {preview.rows.map((row) => {
                  const rowProblems = byLine.get(row.line) ?? [];
                  return (
                    <tr key={row.line} className={rowProblems.length > 0 ? 'csv-import-bad' : undefined}>
                      <td>{row.line}</td>
                      <td>{row.outcome === 'create' ? describe(row) : '—'}</td>
                      <td>{rowProblems.length > 0 ? rowProblems.map((p) => p.message).join('; ') : 'OK'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {preview.errors.some((problem) => !preview.rows.some((row) => row.line === problem.line)) && (
            <ul className="csv-import-other">
              {preview.errors
                .filter((problem) => !preview.rows.some((row) => row.line === problem.line))
                .map((problem) => (
                  <li key={problemText(problem)}>{problemText(problem)}</li>
                ))}
            </ul>
          )}
          <div className="csv-import-actions">
            <button
              type="button"
              className="button"
              disabled={preview.errors.length > 0 || preview.rows.length === 0 || state.step === 'importing'}
              onClick={() => void confirm()}
            >
              {state.step === 'importing' ? 'Importing…' : `Import ${plural(preview.rows.length, 'line')}`}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setState({ step: 'idle' })}
            >
              Cancel
            </button>
          </div>
        </>
      )}
      {state.step === 'done' && (
        <p role="status" className="csv-import-done">
          Imported {plural(state.created, 'line')} from {state.name}.
        </p>
      )}
    </div>
  );
}
