/**
 * /reportbuilder: the tenant's report templates, and one template in the builder
 * (/reportbuilder?templateId=&vers=&companyId=&mode=review). The query keeps the place, so Escape from the
 * presentation and a reload come back to the same template, version, company and mode.
 */
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { navigate, PageHeader, useReadOnly, useTenant } from '../../../workspace/sdk';
import { REPORT_BUILDER_PAGE } from '../shared/pages';
import { Builder, type BuilderMode } from './Builder';
import { TemplateList } from './TemplateList';
import './builder.css';

interface Place {
  templateId: number | null;
  vers?: number;
  companyId: number | null;
  mode: BuilderMode;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function readPlace(search: string, readOnly: boolean): Place {
  const q = new URLSearchParams(search);
  const mode = q.get('mode');
  return {
    templateId: positive(q.get('templateId')),
    vers: positive(q.get('vers')) ?? undefined,
    companyId: positive(q.get('companyId')),
    mode: mode === 'review' || mode === 'designer' ? mode : readOnly ? 'review' : 'designer',
  };
}

export function placeUrl(p: Place): string {
  if (!p.templateId) return REPORT_BUILDER_PAGE;
  const q = new URLSearchParams({ templateId: String(p.templateId) });
  if (p.vers) q.set('vers', String(p.vers));
  if (p.companyId) q.set('companyId', String(p.companyId));
  q.set('mode', p.mode);
  return `${REPORT_BUILDER_PAGE}?${q.toString()}`;
}

export default function BuilderPage() {
  const tenantId = useTenant()?.tenantId;
  const readOnly = useReadOnly(REPORT_BUILDER_PAGE);
  const search = useSearch();
  const place = useMemo(() => readPlace(search, readOnly), [search, readOnly]);
  const go = (next: Place, replace = true) => void navigate(placeUrl(next), { replace });

  if (tenantId == null) return null;
  if (!place.templateId)
    return (
      <div className="lci-page lci-report-builder">
        <PageHeader
          title="Report Builder"
          subtitle="Compose client reports from components once, with content per company where needed."
          readOnly={readOnly}
        />
        <TemplateList
          tenantId={tenantId}
          readOnly={readOnly}
          onOpen={(t) => go({ ...place, templateId: t.report_template_id, vers: undefined }, false)}
        />
      </div>
    );
  return (
    <Builder
      key={place.templateId}
      tenantId={tenantId}
      templateId={place.templateId}
      vers={place.vers}
      companyId={place.companyId}
      mode={place.mode}
      readOnly={readOnly}
      onChange={(c) => go({ ...place, ...c })}
      onBack={() => go({ ...place, templateId: null, vers: undefined }, false)}
    />
  );
}
