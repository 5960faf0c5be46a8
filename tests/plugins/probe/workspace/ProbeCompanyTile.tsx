/** The probe's company-detail tile. */
import type { CompanyDetailSlotProps } from '../../../../workspace/sdk';

export default function ProbeCompanyTile({ companyId }: CompanyDetailSlotProps) {
  return <p>Probe tile for company {companyId}</p>;
}
