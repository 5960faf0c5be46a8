/**
 * /reportbuilder: the tenant's report templates, and one template in the builder
 * (/reportbuilder?templateId=&vers=&companyId=&mode=review). The query keeps the place, so Escape from the
 * presentation and a reload come back to the same template, version, company and mode.
 */
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { navigate, PageHeader, useReadOnly, useTenant } from '../../../workspace/sdk';
import { REPORT_BUILDER_PAGE } from '../shared/pages';
import { Builder } from './Builder';
import { placeUrl, readPlace, type Place } from './rules';
import { TemplateList } from './TemplateList';
import './builder.css';

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
