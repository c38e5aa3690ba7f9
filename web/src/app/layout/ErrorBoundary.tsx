import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Last resort for a render error or a chunk that failed to load (e.g. after a deploy). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="not-found" role="alert">
        <h1 className="not-found__title">Something went wrong</h1>
        <p className="not-found__text">Please reload the page. If it keeps happening, try again in a few minutes.</p>
        <div className="not-found__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="button button--secondary">
            Go to the home page
          </a>
        </div>
      </section>
    );
  }
}
