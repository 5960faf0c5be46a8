/**
 * Header of every /lciadmin and /lcisupport page: a back arrow (to the admin summary unless told otherwise)
 * and the shared page header (title, subtitle, tools as children).
 *
 *   <AdminPageHeader title="Job queue stats" subtitle="..." back={SUPPORT_HOME}>...tools...</AdminPageHeader>
 */
import { Button, Tooltip } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PageHeader, navigate } from '../../../../workspace/sdk';
import { ADMIN_HOME, SUPPORT_HOME } from './paths';

export interface AdminPageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Where the back arrow leads (default the admin summary); false hides it (the summary itself). */
  back?: string | false;
  children?: ReactNode;
}

export { SUPPORT_HOME };

const backLabel = (to: string) =>
  to === SUPPORT_HOME ? 'Back to LCI Support' : to === ADMIN_HOME ? 'Back to the admin summary' : 'Back';

export function AdminPageHeader({ title, subtitle, back = ADMIN_HOME, children }: AdminPageHeaderProps) {
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
      {back !== false && (
        <Tooltip content={backLabel(back)} placement="bottom">
          <Button
            icon="arrow-left"
            variant="minimal"
            aria-label={backLabel(back)}
            onClick={() => void navigate(back)}
            style={{ marginTop: 2 }}
          />
        </Tooltip>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <PageHeader title={title} subtitle={subtitle}>
          {children}
        </PageHeader>
      </div>
    </div>
  );
}

export default AdminPageHeader;
