/**
 * Object types of the segments (customer-success.md sections 3, 4 and 7):
 *   TenantCsSegmentSettings   the tenant's settings; GET, PUT (save; version -> 409 when stale; marks segments stale)
 *   TenantCompanySegment      every (filtered) company's segment with stale_data; action refresh computes them again
 *                             (the HTTP fallback of the realtime function customerSegments)
 *   TenantCompanyCsSegment    one company's segment (company level)
 */
import { z } from 'zod';
import { badRequest } from '../../../../kernel/index';
import { csResult, defineCsObject } from '../object-api/registry';
import { segmentBoundsErrors } from '../../shared/segment-settings';
import { freshSegments } from './fresh';
import { SEGMENT_MANAGER_PAGE } from './pages';
import { noBody, refreshBody, segmentSettingsBody } from './schema';
import { getSegmentSettings, saveSegmentSettings } from './settings-store';
import { listCompanySegments } from './store';
import { companySegment, segmentsExtra, storedSegmentSettings } from '../../shared/api';

const tenantCsSegmentSettings = defineCsObject({
  name: 'TenantCsSegmentSettings',
  responseKey: 'tenantCsSegmentSettings',
  companyLevel: false,
  summary: 'Segment settings (colorBy, segAutoCalc, value and effort bounds, names, sliders)',
  pages: { write: SEGMENT_MANAGER_PAGE },
  reply: { value: storedSegmentSettings },
  schema: segmentSettingsBody,
  async list({ db }) {
    return csResult(await getSegmentSettings(db));
  },
  save: {
    schema: segmentSettingsBody,
    async handler({ db, tenantId, caller }, body) {
      const { version, ...patch } = body as import('./schema').SegmentSettingsBody;
      const current = await getSegmentSettings(db);
      const errors = segmentBoundsErrors({ ...current, ...patch });
      if (Object.keys(errors).length)
        throw badRequest(
          'Invalid segment bounds',
          Object.entries(errors).map(([k, message]) => ({ path: `body.${k}`, message })),
        );
      const saved = await saveSegmentSettings(db, tenantId, patch, version, caller?.userId ?? null);
      return csResult(saved);
    },
  },
});

const tenantCompanySegment = defineCsObject({
  name: 'TenantCompanySegment',
  responseKey: 'segments',
  companyLevel: false,
  summary: 'Company segments (value vs effort) with stale_data',
  // Refreshing recomputes derived data only: any Customer Success user may (as the realtime function).
  reply: { row: companySegment, extra: segmentsExtra },
  schema: noBody,
  async list({ db, cs }, { companyIds }) {
    const r = await listCompanySegments(cs, db, companyIds);
    return csResult(r.segments, { stale_data: r.stale_data });
  },
  actions: {
    refresh: {
      schema: refreshBody,
      write: true,
      async handler({ db, tenantId, cs }, body) {
        return freshSegments(cs, db, tenantId, (body as z.output<typeof refreshBody>).filters);
      },
    },
  },
});

const tenantCompanyCsSegment = defineCsObject({
  name: 'TenantCompanyCsSegment',
  responseKey: 'segments',
  companyLevel: true,
  summary: 'The segment of one company, with stale_data',
  reply: { row: companySegment, extra: { ...segmentsExtra, tenantCompanyId: z.number().int().nullable() } },
  schema: noBody,
  async list({ db, cs }, { tenantCompanyId, companyIds }) {
    const ids = tenantCompanyId ? [tenantCompanyId] : companyIds;
    const r = await listCompanySegments(cs, db, ids);
    return csResult(r.segments, { tenantCompanyId, stale_data: r.stale_data });
  },
});

export const SEGMENT_OBJECTS = [tenantCsSegmentSettings, tenantCompanySegment, tenantCompanyCsSegment];
