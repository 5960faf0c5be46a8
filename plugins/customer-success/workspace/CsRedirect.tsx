/** /cs: the Customer Success area opens on its dashboard (customer-success.md section 2). */
import { useEffect } from 'react';
import { navigate, PageLoading } from '../../../workspace/sdk';

export const CS_DASHBOARD = '/cs/dashboard';

export default function CsRedirect() {
  useEffect(() => {
    void navigate(CS_DASHBOARD, { replace: true });
  }, []);
  return <PageLoading what="the Customer Success dashboard" />;
}
