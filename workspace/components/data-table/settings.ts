/**
 * A user's settings of one DataTable, kept on the server (GET/PUT /v3/tenant/:tenantId/tableSettings/:tableKey,
 * kernel/table-settings): loaded once per tenant, user and table in a session (later tables of the same key read
 * the copy kept here), saved whole on each change. Without a key the settings live in the component only.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { tableSettingsPath, type TableSettings, type TableSort } from '../../../common/api/table-settings';
import { api } from '../../runtime';
import { sessionAtom } from '../../state/atoms';

const NONE: TableSettings = { columns: null, hidden: null, sort: null, saved: false };
/** The settings read or saved in this session, by tenant, user and table key. */
const kept = new Map<string, TableSettings>();

interface SettingsChange {
  columns: string[] | null;
  hidden: string[] | null;
  sort: TableSort | null;
}

interface TableSettingsState {
  /** null while loading. */
  settings: TableSettings | null;
  /** Replaces the settings on the server, then here. Rejects with the server's error (nothing changes then). */
  save(next: SettingsChange): Promise<void>;
}

export function useTableSettings(tableKey: string | undefined): TableSettingsState {
  const session = useAtomValue(sessionAtom);
  const tenantId = session?.tenant?.tenantId ?? null;
  const cacheKey = tableKey && tenantId !== null ? `${tenantId}\u0000${session?.user.username}\u0000${tableKey}` : null;
  const [settings, setSettings] = useState<TableSettings | null>(() =>
    cacheKey ? (kept.get(cacheKey) ?? null) : NONE,
  );

  useEffect(() => {
    if (!cacheKey || !tableKey || tenantId === null) {
      setSettings((s) => s ?? NONE);
      return;
    }
    const known = kept.get(cacheKey);
    if (known) {
      setSettings(known);
      return;
    }
    let live = true;
    setSettings(null);
    api.get<TableSettings>(tableSettingsPath(tenantId, tableKey), { expect: 'saved' }).then(
      (r) => {
        kept.set(cacheKey, r);
        if (live) setSettings(r);
      },
      // Unreadable settings are no reason to withhold the table: the defaults.
      () => live && setSettings(NONE),
    );
    return () => {
      live = false;
    };
  }, [cacheKey, tableKey, tenantId]);

  const save = useCallback(
    async (next: SettingsChange) => {
      if (!cacheKey || !tableKey || tenantId === null) {
        setSettings({ ...next, saved: true });
        return;
      }
      const body = { columns: next.columns, sort: next.sort, ...(next.hidden ? { hidden: next.hidden } : {}) };
      const r = await api.put<TableSettings>(tableSettingsPath(tenantId, tableKey), body, { expect: 'saved' });
      kept.set(cacheKey, r);
      setSettings(r);
    },
    [cacheKey, tableKey, tenantId],
  );

  return { settings, save };
}
