/** /lciadmin/etlMarketing: tenants or users of active tenants as CSV for marketing (each download is audited). */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { api, saveFile } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, Problem } from './admin-ui';

export default function MarketingPage() {
  const [kind, setKind] = useState<'tenants' | 'users'>('tenants');
  const [since, setSince] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = since && !/^\d{4}-\d{2}-\d{2}$/.test(since) ? 'The date is YYYY-MM-DD.' : null;
  const download = async () => {
    setBusy(true);
    await act(
      async () => {
        const csv = await api.get<string>('/v3/lciadmin/etlmarketing/export', {
          answer: 'text',
          query: { kind, since: since || undefined },
        });
        saveFile(`lifecycle-${kind}-${new Date().toISOString().slice(0, 10)}.csv`, typeof csv === 'string' ? csv : '');
      },
      `${kind === 'tenants' ? 'Tenants' : 'Users'} exported`,
    );
    setBusy(false);
  };
  return (
    <>
      <AdminPageHeader
        title="Marketing Export"
        subtitle="Active tenants or their users as CSV for the marketing tools"
      />
      <Callout intent="warning" style={{ maxWidth: 640, marginBottom: 16 }}>
        The users export holds personal data (names and email addresses). Each download is recorded in the audit log.
      </Callout>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) void download();
        }}
        style={{ maxWidth: 640 }}
        aria-label="Marketing export"
      >
        <FormGroup label="Export" labelFor="mk-kind" inline>
          <HTMLSelect
            id="mk-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'tenants' | 'users')}
            options={[
              { value: 'tenants', label: 'Tenants (with active users and last activity)' },
              { value: 'users', label: 'Users of active tenants (no internal staff)' },
            ]}
          />
        </FormGroup>
        <FormGroup label="Created since" labelFor="mk-since" inline helperText="Optional">
          <InputGroup id="mk-since" type="date" value={since} onChange={(e) => setSince(e.target.value)} />
        </FormGroup>
        <Problem text={problem} />
        <Button
          type="submit"
          intent="primary"
          icon="download"
          text="Download CSV"
          loading={busy}
          disabled={!!problem}
        />
      </form>
    </>
  );
}
