/**
 * Reading and rendering slots (workspace/slots.ts) and workspace points (workspace/extensions.ts) in React: the
 * session's visible contributions, the value a point's owner provides, and a lazy body for a contribution.
 */
import { Callout, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { Component, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import type { ExtensionPoint } from '../common/extension-point';
import type { LazyView, WorkspaceExtensionItem } from '../common/workspace-points';
import { pointContributions, providedValue } from './extensions';
import { lazyPage } from './lazy-page';
import { slotContributions, type PageModule } from './registry';
import {
  visibleSlots,
  type Contributed,
  type LazyComponent,
  type SlotDef,
  type SlotName,
  type SlotViewer,
} from './slots';
import { sessionAtom } from './state/atoms';
import type { Session } from './types';

export function slotViewer(s: Session): SlotViewer {
  return {
    pages: s.userAccessPages,
    isLciAdmin: s.user.isLciAdmin,
    isTenantAdmin: s.user.isTenantAdmin,
    plugins: s.plugins ? new Set(s.plugins) : null,
    modules: s.modules,
    pageModules: s.pageModules,
  };
}

/** The contributions to a slot the signed-in user may see, in order (none before sign-in). */
export function useSlot<K extends SlotName>(name: K): Contributed<SlotDef<K>>[] {
  const session = useAtomValue(sessionAtom);
  return useMemo(() => (session ? visibleSlots(slotContributions(name), slotViewer(session)) : []), [session, name]);
}

/**
 * The contributions to a workspace point the signed-in user may see (plugin on, `page` in the access list,
 * requiresAdmin/internalOnly), by `order` then plugin load order; none before sign-in.
 */
export function useExtensions<T extends WorkspaceExtensionItem>(point: ExtensionPoint<T>): Contributed<T>[] {
  const session = useAtomValue(sessionAtom);
  return useMemo(() => (session ? visibleSlots(pointContributions(point), slotViewer(session)) : []), [session, point]);
}

/**
 * What the owner of a point provides to its dependents' pages (`provide(point, value)` in its workspace/index.ts);
 * registered at load, so it is the same on every render. Throws when the owner provides none.
 */
export function useProvided<T>(point: ExtensionPoint<T>): T {
  return providedValue(point);
}

class SlotErrorBoundary extends Component<{ title: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error)
      return (
        <Callout intent="danger" title={`${this.props.title} could not be loaded`}>
          {this.state.error.message}
        </Callout>
      );
    return this.props.children;
  }
}

/** Renders a contribution's lazy component with a spinner while it loads and its own error (the page around it stays). */
export function SlotBody<P extends object>({
  title,
  load,
  props,
}: {
  title: string;
  load: LazyComponent<P> | LazyView<P>;
  props: P;
}) {
  const C = lazyPage(load as unknown as () => Promise<PageModule>) as ComponentType<P>;
  return (
    <SlotErrorBoundary title={title}>
      <Suspense fallback={<Spinner size={20} aria-label={`Loading ${title}`} />}>
        <C {...props} />
      </Suspense>
    </SlotErrorBoundary>
  );
}
