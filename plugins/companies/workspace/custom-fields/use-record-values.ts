/**
 * The custom fields of a target's list page: the active fields, every record's values and, with a filter, the ids of
 * the records that match it (filtered on the server by the rule of shared/custom-fields.ts). Provided to dependents'
 * pages too (customFieldsUiPoint).
 */
import { useCallback, useEffect, useState } from 'react';
import type { FieldFilter, RecordValuesState } from '../../shared/workspace-points';
import { loadValues, type CustomField, type FieldValue } from './client';

export function useRecordValues(tenantId: number | undefined, target: string): RecordValuesState {
  const [fields, setFields] = useState<CustomField[]>([]);
  const [values, setValues] = useState(new Map<number, Record<string, FieldValue>>());
  const [filter, setFilter] = useState<FieldFilter | null>(null);
  const [matching, setMatching] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    if (!tenantId) return;
    setLoading(true);
    try {
      const [all, filtered] = await Promise.all([
        loadValues(tenantId, target),
        filter ? loadValues(tenantId, target, filter) : Promise.resolve(null),
      ]);
      setFields(all.fields.filter((f) => f.is_active));
      setValues(new Map(all.records.map((r) => [r.record_id, r.values])));
      setMatching(filtered ? new Set(filtered.records.map((r) => r.record_id)) : null);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [tenantId, target, filter]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { fields, values, matching, filter, error, loading, setFilter, reload };
}
