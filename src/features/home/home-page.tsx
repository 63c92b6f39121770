import { Link } from 'react-router-dom';

export function HomePage() {
  return (
    <section className="page home">
      <h1 className="page-title">Your league, on the touchline</h1>
      <p className="lead">
        Tables, fixtures, results and squads of your amateur football league — on your phone, even on a bad
        signal.
      </p>
      <Link className="button" to="/main">
        Already have an account? Log in
      </Link>
    </section>
  );
}
