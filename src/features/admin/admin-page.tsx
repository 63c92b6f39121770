/** /admin: the admin placeholder of the specification (no role check). */
export function AdminPage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">Admin</h1>
        <p className="page-subtitle">System Administration</p>
      </header>
      <div className="card">
        <h2>Admin Panel</h2>
        <p className="muted">Admin functionality coming soon...</p>
      </div>
    </section>
  );
}
