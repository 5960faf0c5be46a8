/**
 * The fileExports slot (workspace/slots.ts) at run time: the handlers the signed-in user may use, for event handlers
 * (`fileExportsNow`, reads the session from the store) and components (`useFileExports`, through useSlot). Each
 * entry carries the tenant the handler acts for (the impersonated tenant first).
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { slotContributions } from './registry';
import { slotViewer, useSlot } from './slot-view';
import { visibleFileExports, type Contributed, type FileExportDef } from './slots';
import { sessionAtom, store } from './state/atoms';
import type { Session } from './types';

export type FileExportKind = FileExportDef['kind'];
export type FileExportOf<K extends FileExportKind> = Contributed<Extract<FileExportDef, { kind: K }>>;

function sessionTenant(s: Session | null): number | null {
  return s ? (s.impersonation?.tenantId ?? s.tenant?.tenantId ?? null) : null;
}

/** The visible handlers of a kind and their tenant, read now (for event handlers and plain functions). */
export function fileExportsNow<K extends FileExportKind>(
  kind: K,
): { tenantId: number; items: FileExportOf<K>[] } | null {
  const s = store.get(sessionAtom);
  const tenantId = sessionTenant(s);
  if (!s || tenantId == null) return null;
  const items = visibleFileExports(slotContributions('fileExports'), kind, slotViewer(s)) as FileExportOf<K>[];
  return { tenantId, items };
}

/** The visible handlers of a kind and their tenant (none before sign-in or without a tenant). */
export function useFileExports<K extends FileExportKind>(
  kind: K,
): { tenantId: number | null; items: FileExportOf<K>[] } {
  const session = useAtomValue(sessionAtom);
  const all = useSlot('fileExports');
  return useMemo(() => {
    const tenantId = sessionTenant(session);
    if (!session || tenantId == null) return { tenantId: null, items: [] };
    return { tenantId, items: visibleFileExports(all, kind, slotViewer(session)) as FileExportOf<K>[] };
  }, [session, all, kind]);
}
