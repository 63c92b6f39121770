/** /admin: the admin placeholder of the specification (no role check). */
import { PageHeader } from '@/components/page-header';

export function AdminPage() {
  return (
    <section className="page">
      <PageHeader title="Admin" subtitle="System Administration" />
      <div className="card">
        <h2>Admin Panel</h2>
        <p className="muted">Admin functionality coming soon...</p>
      </div>
    </section>
  );
}
