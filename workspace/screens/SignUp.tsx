/** /signUp redirects to /signUpWithTenant (platform.md 2.1), keeping the query. */
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { PageLoading } from '../lazy-page';
import { navigate } from '../nav';

export default function SignUp() {
  const search = useSearch();
  useEffect(() => {
    void navigate(`/signUpWithTenant${search ? `?${search}` : ''}`, { replace: true });
  }, [search]);
  return <PageLoading />;
}
