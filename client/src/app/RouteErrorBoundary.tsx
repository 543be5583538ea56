// What a page that fails to draw (or whose code fails to download) shows instead,
// until the location changes.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** The location the error belongs to: another one draws its page again. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' }; // completed in componentDidCatch's render cycle below
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to draw:', error, info.componentStack);
  }

  render() {
    return this.state.failedAt === null ? this.props.children : this.props.fallback;
  }
}

export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <ErrorBoundary fallback={fallback} resetKey={`${pathname}${search}`}>
      {children}
    </ErrorBoundary>
  );
}
