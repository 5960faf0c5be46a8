/** The choices of the filters bar: managers, groups, segments, companies, health and effort codes, goals. */
import { useEffect, useState } from 'react';
import { useCompanies } from '../../../../workspace/sdk';
import type { CutScore } from '../../shared/cut-scores';
import type { CsFilterField } from '../../shared/filter-rules';
import { DEFAULT_SEGMENT_NAMES, type SegmentName } from '../../shared/segment-settings';
import { useCsApi } from '../cs-api';
import { codeOptions, type FilterOption } from './code-options';

export type FilterOptions = Record<CsFilterField, FilterOption[]>;

function segmentNamesOf(value: unknown): SegmentName[] {
  const v = Array.isArray(value) ? value[0] : value;
  const names = (v as { segmentNames?: SegmentName[] } | undefined)?.segmentNames;
  return Array.isArray(names) && names.length ? names : DEFAULT_SEGMENT_NAMES;
}

export function useCsFilterOptions(): { options: FilterOptions; error: string | null } {
  const cs = useCsApi();
  const companies = useCompanies();
  const [loaded, setLoaded] = useState<Omit<FilterOptions, 'tenantCompanyIds'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [managers, groups, health, effort, goals] = [
          await cs.csGet<'TenantAccountManager', { tenantAccountManagerId: number; name: string }[]>(
            'TenantAccountManager',
          ),
          await cs.csGet<'TenantAccountGroup', { tenantAccountGroupId: number; moniker: string }[]>(
            'TenantAccountGroup',
          ),
          await cs.csGet<'TenantCsHealthCut', (CutScore & { color: string })[]>('TenantCsHealthCut'),
          await cs.csGet<'TenantCsEffortCut', (CutScore & { color: string })[]>('TenantCsEffortCut'),
          await cs.csGet<
            'TenantCsCrossCompanyGoals',
            { tenantCompanyGoalId: number; moniker: string; companyNames: string[] }[]
          >('TenantCsCrossCompanyGoals'),
        ];
        let segments = DEFAULT_SEGMENT_NAMES;
        try {
          segments = segmentNamesOf(
            (await cs.csGet<'TenantCsSegmentSettings', unknown>('TenantCsSegmentSettings')).tenantCsSegmentSettings,
          );
        } catch {
          /* segment settings not readable: the default names */
        }
        if (!live) return;
        setLoaded({
          tenantAccountManagerIds: managers.tenantAccountManagers.map((m) => ({
            value: m.tenantAccountManagerId,
            label: m.name,
          })),
          tenantAccountGroupIds: groups.tenantAccountGroups.map((g) => ({
            value: g.tenantAccountGroupId,
            label: g.moniker,
          })),
          segmentIds: segments.map((s) => ({ value: s.segmentId, label: s.name })),
          healthCodes: codeOptions(health.tenantCsHealthCuts),
          effortCodes: codeOptions(effort.tenantCsEffortCuts),
          tenantCompanyGoalIds: goals.tenantCsCrossCompanyGoals.map((g) => ({
            value: g.tenantCompanyGoalId,
            label: `${g.moniker} (${g.companyNames.join(', ')})`,
          })),
        });
      } catch (e) {
        if (live) setError((e as Error).message);
      }
    })();
    return () => {
      live = false;
    };
  }, [cs]);

  const companyOptions = (companies ?? [])
    .filter((c) => c.is_active)
    .map((c) => ({ value: c.tenant_company_id, label: c.name }));
  const empty = {
    tenantAccountManagerIds: [],
    tenantAccountGroupIds: [],
    segmentIds: [],
    healthCodes: [],
    effortCodes: [],
    tenantCompanyGoalIds: [],
  };
  return { options: { ...(loaded ?? empty), tenantCompanyIds: companyOptions }, error };
}
