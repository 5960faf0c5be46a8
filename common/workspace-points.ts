/**
 * What the contributions to a workspace extension point have in common. A plugin declares a workspace point in its
 * public.ts with createExtensionPoint (common/extension-point.ts) over one of these shapes; server code declares
 * points too, so the shapes name no React type: a component is a module loaded lazily whose default export takes
 * the props the owner's page passes (workspace/sdk.ts: `contribute`, `useExtensions`, `provide`, `useProvided`).
 */

/** Who may see a contribution, checked like a route: plugin on, `page` in the access list, admin-only, internal-only. */
export interface WorkspaceAccess {
  /** Permission key in the session's access list (a page url); absent: no access-list check. */
  page?: string;
  /** Tenant admins and LCI admins only. */
  requiresAdmin?: boolean;
  /** LCI admins only. */
  internalOnly?: boolean;
}

/** A contribution to a workspace point (and to a slot, workspace/slots.ts). */
export interface WorkspaceExtensionItem extends WorkspaceAccess {
  /** Unique within the point for a plugin (letters, digits, _ and -). */
  id: string;
  title: string;
  /** Ascending; default 100. Equal orders keep plugin load order. */
  order?: number;
}

/** A lazily imported component taking P: `() => import('./Panel')` (one chunk per contribution). */
export type LazyView<P> = () => Promise<{ default: (props: P) => unknown }>;
