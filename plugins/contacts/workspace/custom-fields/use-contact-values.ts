/** The contacts' custom fields for the list: active fields, values by contact id, and the ids matching a filter. */
import { useCallback, useEffect, useState } from 'react';
import { loadContactValues, type CustomField, type FieldFilter, type FieldValue } from './client';

export interface ContactValues {
  fields: CustomField[];
  values: Map<number, Record<string, FieldValue>>;
  /** Contact ids matching the filter; null without a filter. */
  matching: Set<number> | null;
  filter: FieldFilter | null;
  error: string | null;
  setFilter(f: FieldFilter | null): void;
  reload(): void;
}

export function useContactValues(tenantId: number): ContactValues {
  const [fields, setFields] = useState<CustomField[]>([]);
  const [values, setValues] = useState(new Map<number, Record<string, FieldValue>>());
  const [filter, setFilter] = useState<FieldFilter | null>(null);
  const [matching, setMatching] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([loadContactValues(tenantId), filter ? loadContactValues(tenantId, filter) : null])
      .then(([all, filtered]) => {
        if (!live) return;
        setFields(all.fields.filter((f) => f.is_active));
        setValues(new Map(all.records.map((r) => [r.record_id, r.values])));
        setMatching(filtered ? new Set(filtered.records.map((r) => r.record_id)) : null);
        setError(null);
      })
      .catch((e) => live && setError((e as Error).message));
    return () => {
      live = false;
    };
  }, [tenantId, filter, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { fields, values, matching, filter, error, setFilter, reload };
}
