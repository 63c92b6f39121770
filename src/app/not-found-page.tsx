import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="page">
      <h1 className="page-title">Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link className="button" to="/">
        Go to the home screen
      </Link>
    </section>
  );
}
