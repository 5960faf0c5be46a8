/** The tenant's logo in the top bar, when it uploaded one (/accountsettings); the Lifecycle name otherwise. */
import { useState } from 'react';
import { useTenantLogo } from '../tenant-format';

export function TenantLogo() {
  const url = useTenantLogo();
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <>Lifecycle</>;
  return (
    <img
      src={url}
      alt="Company logo"
      className="lci-tenant-logo"
      style={{ height: 28, maxWidth: 180, objectFit: 'contain', verticalAlign: 'middle' }}
      onError={() => setFailed(url)}
    />
  );
}
