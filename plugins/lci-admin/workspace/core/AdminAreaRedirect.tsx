/** /lciadmin: straight on to the admin summary (platform.md 2.4). */
import { useEffect } from 'react';
import { PageLoading, navigate } from '../../../../workspace/sdk';
import { ADMIN_HOME } from './paths';

export default function AdminAreaRedirect() {
  useEffect(() => {
    void navigate(ADMIN_HOME, { replace: true });
  }, []);
  return <PageLoading what="the admin summary" />;
}
