/** /admin-dashboard: super admin table management. The table editor screen comes with the staff screens. */
export function AdminDashboardPage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">Admin Dashboard</h1>
        <p className="page-subtitle">Database tables</p>
      </header>
      <div className="card">
        <p className="muted">The table editor is not available in this version yet.</p>
      </div>
    </section>
  );
}
