import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shown for unexpected render failures, with the text the specification gives. */
export function ErrorScreen() {
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

/** Catches a screen's render failure and shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
