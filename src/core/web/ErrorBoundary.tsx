import { Component, type ReactNode } from 'react';

interface Props {
  /** Renders the error; receives whatever was thrown. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * Catches render errors and failed lazy chunks (a rejected import, or the
 * 120 s timeout of lazyWithTimeout) so the visitor sees the error screen
 * instead of a blank page. React only offers this as a class component.
 */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
