import { useRouteError } from 'react-router-dom';

/** Shown for unexpected render failures, with the text the specification gives. */
export function ErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="error-screen" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <a className="button" href="/">
        Back to Touchline
      </a>
    </main>
  );
}
