/** Lazy route components: one chunk per route, a loading indicator, and the failed-load rule of section 8. */
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { reloadUrl, shouldReloadAfterChunkError, withChunkTimeout } from './chunk';
import type { PageModule } from './registry';

const RELOAD_KEY = 'lciChunkReloadAt';
const cache = new Map<() => Promise<PageModule>, ComponentType<any>>();

function lastReload(): number | null {
  try {
    const v = Number(localStorage.getItem(RELOAD_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function lazyPage(load: () => Promise<PageModule>): ComponentType<any> {
  let c = cache.get(load);
  if (!c) {
    c = lazy(() =>
      withChunkTimeout(load).catch((err) => {
        const now = Date.now();
        if (shouldReloadAfterChunkError(now, lastReload(), navigator.onLine)) {
          try {
            localStorage.setItem(RELOAD_KEY, String(now));
          } catch {
            /* ignore */
          }
          window.location.assign(reloadUrl(window.location.pathname + window.location.search));
          return new Promise<PageModule>(() => {});
        }
        throw err;
      }),
    );
    cache.set(load, c);
  }
  return c;
}

export function PageLoading({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="lci-center lci-pad" role="status" aria-live="polite">
      <Spinner size={32} aria-label={label} />
    </div>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    if (this.state.error) {
      return (
        <NonIdealState
          icon="error"
          title="This page could not be loaded"
          description={this.state.error.message}
          action={<Button intent="primary" text="Reload" onClick={() => window.location.reload()} />}
        />
      );
    }
    return this.props.children;
  }
}

export function PageSlot({
  component: C,
  params,
  resetKey,
}: {
  component: ComponentType<any>;
  params: Record<string, string>;
  resetKey: string;
}) {
  return (
    <PageErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<PageLoading />}>
        <C params={params} />
      </Suspense>
    </PageErrorBoundary>
  );
}
