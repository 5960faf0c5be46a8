/**
 * /accountsettings: the sections plugins contribute to the workspace's `settingsSections` slot, in order (settings:
 * General, Logo, Display; others add theirs, e.g. security). Tenant admins edit; other users read (the page is open
 * during a subscription violation, platform.md 4.7 step 15).
 */
import { Callout, Card, H2 } from '@blueprintjs/core';
import { PageHeader, SlotBody, useReadOnly, useSession, useSlot } from '../../../workspace/sdk';

export default function AccountSettingsPage() {
  const session = useSession();
  const sections = useSlot('settingsSections');
  const pageReadOnly = useReadOnly();
  const admin = !!session && (session.user.isTenantAdmin || session.user.isLciAdmin);
  const readOnly = pageReadOnly || !admin;
  return (
    <>
      <PageHeader title="Account Settings" subtitle="Formats, logo and display of your account" readOnly={readOnly} />
      {readOnly && (
        <Callout intent="primary" icon="info-sign" style={{ marginBottom: 16 }}>
          Only tenant administrators change the account settings; you can read them here.
        </Callout>
      )}
      {sections.length === 0 ? (
        <Callout title="No settings">There are no settings to show.</Callout>
      ) : (
        <div className="lci-settings-sections" style={{ display: 'grid', gap: 16, maxWidth: 880 }}>
          {sections.map((s) => (
            <Card key={`${s.plugin}:${s.id}`} id={s.id} role="region" aria-labelledby={`settings-${s.id}`}>
              <H2 id={`settings-${s.id}`} style={{ fontSize: 18 }}>
                {s.title}
              </H2>
              <SlotBody title={s.title} load={s.component} props={{ readOnly }} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
