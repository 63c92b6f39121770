/**
 * /admin-dashboard (spec section 2 "Admin dashboard"): the super admin's table
 * editor, under a few lines that send them to Manage, the inbox and People. The tables list with its search on the left (on top on a phone), the
 * chosen table's rows on the right. Only a super admin with a token gets here; a
 * 403 on the tables list (the role was taken away) sends the user home.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { PHONE_QUERY } from '@/hooks/use-media-query';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { failureReason } from '@/lib/api-client';
import { INVALID_FORMAT, parseTables } from './admin-data';
import { ErrorBox } from './admin-parts';
import { useRelatedRows } from './admin-related-rows';
import { TablePanel } from './admin-table-panel';
import './admin.css';
import { PageHeader } from '@/components/page-header';

export function AdminDashboardPage() {
  const { user } = useSession();
  if (!storage.token() || user?.user_type !== 'super_admin') return <Navigate to="/" replace />;
  return <AdminDashboard />;
}

/**
 * A super admin lands here after signing in, but the raw tables are the last resort:
 * the first view points to where the everyday work is done.
 */
export function EverydayWork() {
  return (
    <nav className="admin-everyday card" aria-label="Everyday work">
      <p className="admin-everyday-title">Everyday work is elsewhere:</p>
      <ul className="admin-everyday-list">
        <li>
          <Link to="/manager">Manage</Link> — leagues, seasons, clubs and results
        </li>
        <li>
          <Link to="/manager/decisions">Inbox</Link> — what waits for a decision
        </li>
        <li>
          <Link to="/people">People</Link> — accounts, roles and invitations
        </li>
      </ul>
      <p className="admin-hint">The tables below edit the database directly.</p>
    </nav>
  );
}

function AdminDashboard() {
  const tables = useApi<unknown>('/api/tables');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const related = useRelatedRows();
  const panel = useRef<HTMLDivElement>(null);

  // On a phone the rows sit below the list: bring them into view once a table is chosen.
  useEffect(() => {
    if (selected && window.matchMedia?.(PHONE_QUERY).matches) {
      panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
  }, [selected]);

  if (tables.error instanceof ApiError && tables.error.status === 403) return <Navigate to="/" replace />;

  const names = tables.data === undefined ? null : parseTables(tables.data);
  const term = search.trim().toLowerCase();
  const shown = (names ?? []).filter((name) => name.toLowerCase().includes(term));
  const listError = tables.error
    ? { id: tables.error, message: `Failed to fetch tables: ${failureReason(tables.error)}` }
    : tables.data !== undefined && !names
      ? { id: tables.data, message: INVALID_FORMAT }
      : null;

  return (
    <section className="page admin-dashboard">
      <PageHeader title="Admin Dashboard" subtitle="Database tables" />
      <EverydayWork />
      <div className="admin-layout">
        <nav className="admin-tables" aria-label="Tables">
          <label className="admin-search">
            <span className="visually-hidden">Search tables</span>
            <input
              type="search"
              placeholder="Search tables..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          {listError && listError.id !== dismissed && (
            <ErrorBox message={listError.message} onDismiss={() => setDismissed(listError.id)} />
          )}
          {listError && (
            <button type="button" className="button button-secondary" onClick={tables.reload}>
              Try again
            </button>
          )}
          {tables.loading && !names ? (
            <Loading label="Loading tables..." />
          ) : names && shown.length === 0 ? (
            <p className="admin-hint admin-no-match">
              {names.length === 0 ? 'No tables found' : `No tables match “${search.trim()}”`}
            </p>
          ) : (
            <ul className="admin-table-list">
              {shown.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="admin-table-button"
                    aria-current={name === selected ? 'true' : undefined}
                    onClick={() => setSelected(name)}
                  >
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="admin-main" ref={panel}>
          {selected ? (
            <TablePanel key={selected} table={selected} related={related} />
          ) : (
            <div className="admin-empty">
              <p className="admin-empty-title">Choose a table</p>
              <p className="admin-hint">
                Its rows show here, with Edit and Delete per row and Insert New Row.
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
