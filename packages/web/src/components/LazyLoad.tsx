// Suspense for a lazy component plus a boundary that turns a failed chunk into "UI Load Error: Please refresh the
// browser" in its place; any other error goes on to the next boundary up.
import { isChunkLoadError } from '@nezha/core';
import { Component, type ReactNode, Suspense } from 'react';
import UiLoadError from './UiLoadError';

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
  /** A small notice (a dialog or a menu), not a page's. */
  compact?: boolean;
}

export class ChunkErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <UiLoadError compact={this.props.compact ?? false} />;
  }
}

export default function LazyLoad({ children, fallback = null, compact }: Props) {
  return (
    <ChunkErrorBoundary compact={compact ?? false}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
