/** A link that selects a company and opens its detail page. */
import type { ReactNode } from 'react';
import { navigate, useSelectedCompany } from '../../../../workspace/sdk';

export const COMPANY_DETAIL_PATH = '/cs/company/detail';

export function CompanyLink({ id, children }: { id: number; children: ReactNode }) {
  const { setCompanyId } = useSelectedCompany();
  return (
    <a
      href={COMPANY_DETAIL_PATH}
      onClick={(e) => {
        e.preventDefault();
        setCompanyId(id);
        void navigate(COMPANY_DETAIL_PATH);
      }}
    >
      {children}
    </a>
  );
}
