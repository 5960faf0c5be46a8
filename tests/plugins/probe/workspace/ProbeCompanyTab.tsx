/** The probe's company-detail tab: names the company it was given and counts clicks (state survives a tab switch). */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import type { CompanyDetailSlotProps } from '../../../../workspace/sdk';

export default function ProbeCompanyTab({ companyId, readOnly }: CompanyDetailSlotProps) {
  const [clicks, setClicks] = useState(0);
  return (
    <div className="lci-pad">
      <p>
        Probe tab for company {companyId}
        {readOnly ? ' (read only)' : ''}
      </p>
      <Button text="Count" onClick={() => setClicks((n) => n + 1)} />
      <output aria-label="Probe clicks">{clicks}</output>
    </div>
  );
}
