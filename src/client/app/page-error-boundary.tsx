import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';

/**
 * What a visitor sees when a page fails while the browser renders it (a bug): a plain sentence
 * and a way on, inside the site's header and footer, instead of a blank page. The next address
 * starts afresh. The page the server rendered never reaches this: it is complete without scripts.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}

interface BoundaryProps {
  location: string;
  children: ReactNode;
}

/** `failedAt`: the address the page failed at ('' until it is known); null while all is well. */
class Boundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  /** Another address is another page: it is rendered afresh. */
  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    return state.failedAt && state.failedAt !== props.location ? { failedAt: null } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ failedAt: this.props.location });
    console.error('a page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h1 className="font-display text-3xl font-semibold text-navy-950">
          This page could not be shown
        </h1>
        <p className="mt-4 text-lg text-stone-800">
          Something went wrong on our side while showing it. Please load the page again; if it
          happens again, call or write to the office.
        </p>
        <p className="mt-8">
          <button
            type="button"
            className="min-h-11 rounded-full bg-navy-900 px-6 font-semibold text-white hover:bg-navy-800"
            onClick={() => window.location.reload()}
          >
            Load the page again
          </button>
        </p>
      </div>
    );
  }
}
