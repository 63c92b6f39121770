/** /manager: the staff dashboard. Its tabs come with the staff screens. */
import { useSession } from '@/lib/session';

const TITLES: Record<string, string> = {
  super_admin: 'Admin Dashboard',
  owner: 'Owner Dashboard',
  coach: 'Coach Dashboard',
};

export function ManagerPage() {
  const { user } = useSession();
  if (!user) return <p className="status">Please log in to access this page.</p>;
  return (
    <section className="page">
      <h1 className="page-title">{TITLES[user.user_type] ?? 'Coach Dashboard'}</h1>
      <div className="card">
        <p className="muted">
          Match reports, team selection and pending results are not available in this version yet.
        </p>
      </div>
    </section>
  );
}
