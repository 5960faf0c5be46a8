/** Module view switcher (get_modules) and company selector (GET /v3/tenant/:tenantId/companies). */
import { HTMLSelect, Tag, Tooltip } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { companiesForView } from '../guard';
import {
  companiesAtom,
  currentModuleViewAtom,
  moduleViewsAtom,
  moduleViewTextAtom,
  selectedCompanyIdAtom,
} from '../state/atoms';

export function ModuleSwitcher() {
  const views = useAtomValue(moduleViewsAtom);
  const current = useAtomValue(currentModuleViewAtom);
  const [, setText] = useAtom(moduleViewTextAtom);
  if (views.length === 0) return null;
  return (
    <HTMLSelect
      aria-label="Module view"
      className="lci-select"
      value={current?.text ?? ''}
      onChange={(e) => setText(e.currentTarget.value)}
      options={views.map((v) => ({ value: v.text, label: v.text, disabled: v.disabled }))}
    />
  );
}

export function CompanySelector() {
  const companies = useAtomValue(companiesAtom);
  const view = useAtomValue(currentModuleViewAtom);
  const [selected, setSelected] = useAtom(selectedCompanyIdAtom);
  const list = companies ? companiesForView(companies, view) : [];

  useEffect(() => {
    if (!companies) return;
    if (list.length && !list.some((c) => c.tenant_company_id === selected)) setSelected(list[0].tenant_company_id);
  }, [companies, list, selected, setSelected]);

  if (companies === null) return null;
  if (list.length === 0) {
    return (
      <Tooltip content="Add or import companies to work with them here">
        <Tag minimal icon="office" tabIndex={0} aria-label="No companies">
          No companies
        </Tag>
      </Tooltip>
    );
  }
  return (
    <HTMLSelect
      aria-label="Company"
      className="lci-select"
      value={selected ?? ''}
      onChange={(e) => setSelected(Number(e.currentTarget.value))}
      options={list.map((c) => ({ value: c.tenant_company_id, label: c.name }))}
    />
  );
}
