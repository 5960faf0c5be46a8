/** /lciadmin/edittenantaffiliateadmin: each tenant's affiliate code; set, change or clear it (audited in the tenant). */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, Problem, useAdminData, when } from './admin-ui';
import { codeProblem } from './form-rules';

interface Row {
  tenant_id: number;
  name: string;
  affiliate_code: string | null;
  note: string | null;
  updated_at: string | null;
}

export default function AffiliatePage() {
  const [search, setSearch] = useState('');
  const state = useAdminData<{ tenants: Row[] }>(
    `/v3/lciadmin/affiliates${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`,
  );
  const [edit, setEdit] = useState<{ r: Row; code: string; note: string } | null>(null);
  const [clear, setClear] = useState<Row | null>(null);
  const problem = edit ? codeProblem(edit.code) : null;
  const put = (r: Row, body: { affiliate_code: string | null; note: string }, done: string) =>
    act(() => api.put(`/v3/lciadmin/affiliates/${r.tenant_id}`, body), done).then((ok) => {
      if (ok) state.reload();
      return ok;
    });
  return (
    <>
      <AdminPageHeader title="Tenant Affiliates" subtitle="The affiliate (referral partner) code of each tenant" />
      <InputGroup
        leftIcon="search"
        placeholder="Search by tenant or code"
        aria-label="Search tenants or codes"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Loaded state={state} what="tenants">
        {(d) => (
          <DataTable
            rows={d.tenants}
            rowKey={(r) => r.tenant_id}
            empty="No tenant matches"
            cols={[
              { header: 'Tenant', cell: (r) => `${r.name} (${r.tenant_id})` },
              {
                header: 'Affiliate code',
                cell: (r) =>
                  r.affiliate_code ? <code>{r.affiliate_code}</code> : <span className="bp6-text-muted">none</span>,
              },
              { header: 'Note', cell: (r) => r.note ?? '' },
              { header: 'Updated', cell: (r) => when(r.updated_at) },
              {
                header: '',
                cell: (r) => (
                  <>
                    <Button
                      size="small"
                      icon="edit"
                      text={r.affiliate_code ? 'Change' : 'Set'}
                      aria-label={`Affiliate code of ${r.name}`}
                      onClick={() => setEdit({ r, code: r.affiliate_code ?? '', note: r.note ?? '' })}
                    />{' '}
                    {r.affiliate_code && (
                      <Button
                        size="small"
                        icon="cross"
                        text="Clear"
                        aria-label={`Clear affiliate code of ${r.name}`}
                        onClick={() => setClear(r)}
                      />
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Dialog isOpen={!!edit} title={`Affiliate code of ${edit?.r.name ?? ''}`} onClose={() => setEdit(null)}>
        {edit && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!problem)
                void put(
                  edit.r,
                  { affiliate_code: edit.code.trim(), note: edit.note },
                  `${edit.r.name}: affiliate code ${edit.code.trim()}`,
                ).then((ok) => ok && setEdit(null));
            }}
          >
            <DialogBody>
              <FormGroup label="Code" labelFor="af-code">
                <InputGroup
                  id="af-code"
                  autoFocus
                  value={edit.code}
                  maxLength={40}
                  onChange={(e) => setEdit({ ...edit, code: e.target.value })}
                />
              </FormGroup>
              <FormGroup label="Note" labelFor="af-note">
                <InputGroup
                  id="af-note"
                  value={edit.note}
                  maxLength={300}
                  onChange={(e) => setEdit({ ...edit, note: e.target.value })}
                />
              </FormGroup>
              {edit.code && <Problem text={problem} />}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Cancel" onClick={() => setEdit(null)} />
                  <Button type="submit" intent="primary" text="Save" disabled={!!problem} />
                </>
              }
            />
          </form>
        )}
      </Dialog>
      <Confirm
        open={!!clear}
        intent="danger"
        confirm="Clear code"
        text={
          <>
            Remove the affiliate code <strong>{clear?.affiliate_code}</strong> from {clear?.name}?
          </>
        }
        onClose={() => setClear(null)}
        onConfirm={() => {
          const r = clear!;
          setClear(null);
          void put(r, { affiliate_code: null, note: '' }, `${r.name}: affiliate code cleared`);
        }}
      />
    </>
  );
}
