/**
 * Banners of the server messages (server-messages.ts): a file being prepared, a file ready (its link; the download
 * started by itself), the tenant's migration and a migration warning. Each closes with its button; the migration
 * banner stays while the migration runs (the server ends it).
 */
import { Button, Callout, Spinner, type IconName, type Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { ReactNode, ReactElement } from 'react';
import { dismissServerBanner } from '../runtime';
import { serverBannersAtom } from '../state/atoms';
import type { ServerBannerState } from '../server-messages';

function Banner({
  kind,
  intent,
  icon,
  title,
  children,
  closable = true,
}: {
  kind: keyof ServerBannerState;
  intent: Intent;
  icon: IconName | ReactElement;
  title: string;
  children: ReactNode;
  closable?: boolean;
}) {
  return (
    <Callout
      intent={intent}
      icon={icon}
      title={title}
      className="lci-banner"
      role="status"
      data-testid={`banner-${kind}`}
    >
      {children}{' '}
      {closable && (
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label={`Close: ${title}`}
          onClick={() => dismissServerBanner(kind)}
        />
      )}
    </Callout>
  );
}

export function ServerBanners() {
  const b = useAtomValue(serverBannersAtom);
  return (
    <>
      {b.migration && (
        <Banner kind="migration" intent="warning" icon="database" title="Data migration in progress" closable={false}>
          {b.migration.msg}
        </Banner>
      )}
      {b.migrationWarning && (
        <Banner kind="migrationWarning" intent="warning" icon="warning-sign" title="Planned data migration">
          {b.migrationWarning.msg}
        </Banner>
      )}
      {b.downloadPending && (
        <Banner kind="downloadPending" intent="primary" icon={<Spinner size={16} />} title="Preparing your download">
          {b.downloadPending.msg}
        </Banner>
      )}
      {b.download && (
        <Banner kind="download" intent="success" icon="download" title="Download ready">
          {b.download.msg}{' '}
          <a href={b.download.url} download>
            Download again
          </a>
        </Banner>
      )}
    </>
  );
}
