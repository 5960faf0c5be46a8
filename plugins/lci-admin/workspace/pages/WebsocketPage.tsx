/** /lciadmin/websocketadmin: connected sockets (every server process) per tenant and user; send a server message. */
import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, Problem, useAdminData, when } from './admin-ui';
import { messageProblem, type MessageTarget } from './form-rules';

interface Socket {
  socketId: string;
  tenantId: number | null;
  tenantName: string | null;
  userId: number;
  username: string | null;
  connectedAt: string;
  processId: string;
}
interface TenantCount {
  tenantId: number | null;
  tenantName: string | null;
  sockets: number;
  users: number;
}
type Target = MessageTarget;
const TARGETS: { value: Target; label: string }[] = [
  { value: 'all', label: 'Everybody' },
  { value: 'tenant', label: 'A tenant' },
  { value: 'user', label: 'A user' },
  { value: 'socket', label: 'One socket' },
];

export default function WebsocketPage() {
  const state = useAdminData<{ bus: string; sockets: Socket[]; tenants: TenantCount[] }>('/v3/lciadmin/websockets');
  const [form, setForm] = useState<{ target: Target; to: string; msg: string; display_type: string }>({
    target: 'all',
    to: '',
    msg: '',
    display_type: 'info',
  });
  const [confirmAll, setConfirmAll] = useState(false);
  const problem = messageProblem(form);
  const send = async () => {
    const to = form.to.trim();
    const body = {
      target: form.target,
      msg: form.msg,
      display_type: form.display_type,
      ...(form.target === 'socket'
        ? { socketId: to }
        : form.target === 'user'
          ? { userId: Number(to) }
          : form.target === 'tenant'
            ? { tenantId: Number(to) }
            : {}),
    };
    if (await act(() => api.post('/v3/lciadmin/websockets/message', body), 'Message sent'))
      setForm({ ...form, msg: '' });
  };
  const pick = (target: Target, to: string) => setForm({ ...form, target, to });
  return (
    <>
      <AdminPageHeader title="Websockets" subtitle="Who is connected right now, and a server message to them">
        <Button icon="refresh" text="Refresh" loading={state.busy} onClick={state.reload} />
      </AdminPageHeader>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (problem) return;
          if (form.target === 'all') setConfirmAll(true);
          else void send();
        }}
        style={{ maxWidth: 640, marginBottom: 24 }}
        aria-label="Send a server message"
      >
        <FormGroup label="Send to" labelFor="ws-target" inline>
          <HTMLSelect
            id="ws-target"
            value={form.target}
            options={TARGETS}
            onChange={(e) => setForm({ ...form, target: e.target.value as Target, to: '' })}
          />
          {form.target !== 'all' && (
            <InputGroup
              aria-label={`${form.target} id`}
              placeholder={`${form.target} id`}
              value={form.to}
              onChange={(e) => setForm({ ...form, to: e.target.value })}
              style={{ width: 300, marginLeft: 8 }}
            />
          )}
          <HTMLSelect
            aria-label="Kind"
            value={form.display_type}
            options={['info', 'success', 'warning', 'danger']}
            onChange={(e) => setForm({ ...form, display_type: e.target.value })}
            style={{ marginLeft: 8 }}
          />
        </FormGroup>
        <FormGroup label="Message" labelFor="ws-msg">
          <InputGroup
            id="ws-msg"
            value={form.msg}
            maxLength={1000}
            onChange={(e) => setForm({ ...form, msg: e.target.value })}
          />
        </FormGroup>
        {(form.msg || form.to) && <Problem text={problem} />}
        <Button type="submit" intent="primary" icon="send-message" text="Send message" disabled={!!problem} />
      </form>
      <Loaded state={state} what="sockets">
        {(d) => (
          <>
            <p className="bp6-text-muted">
              {d.sockets.length} socket(s) connected;{' '}
              {d.bus === 'redis' ? 'all server processes (Redis bus)' : 'this server process'}.
            </p>
            <h3>Per tenant</h3>
            <DataTable
              rows={d.tenants}
              rowKey={(t) => String(t.tenantId)}
              empty="Nobody is connected"
              cols={[
                { header: 'Tenant', cell: (t) => (t.tenantId ? `${t.tenantName ?? ''} (${t.tenantId})` : 'No tenant') },
                { header: 'Sockets', cell: (t) => t.sockets },
                { header: 'Users', cell: (t) => t.users },
                {
                  header: '',
                  cell: (t) =>
                    t.tenantId ? (
                      <Button
                        size="small"
                        icon="send-message"
                        text="Message"
                        aria-label={`Message tenant ${t.tenantId}`}
                        onClick={() => pick('tenant', String(t.tenantId))}
                      />
                    ) : null,
                },
              ]}
            />
            <h3>Sockets</h3>
            <DataTable
              rows={d.sockets}
              rowKey={(s) => s.socketId}
              empty="No sockets"
              cols={[
                { header: 'Connected', cell: (s) => when(s.connectedAt) },
                { header: 'User', cell: (s) => `${s.username ?? ''} (${s.userId})` },
                { header: 'Tenant', cell: (s) => (s.tenantId ? `${s.tenantName ?? ''} (${s.tenantId})` : '') },
                {
                  header: 'Socket',
                  cell: (s) => (
                    <>
                      <code>{s.socketId.slice(0, 8)}</code> <Tag minimal>{s.processId.slice(0, 8)}</Tag>
                    </>
                  ),
                },
                {
                  header: '',
                  cell: (s) => (
                    <>
                      <Button
                        size="small"
                        icon="send-message"
                        text="Socket"
                        aria-label={`Message socket ${s.socketId}`}
                        onClick={() => pick('socket', s.socketId)}
                      />{' '}
                      <Button
                        size="small"
                        icon="person"
                        text="User"
                        aria-label={`Message user ${s.userId}`}
                        onClick={() => pick('user', String(s.userId))}
                      />
                    </>
                  ),
                },
              ]}
            />
          </>
        )}
      </Loaded>
      <Confirm
        open={confirmAll}
        confirm="Send to everybody"
        text="Send this message to every connected user of every tenant?"
        onClose={() => setConfirmAll(false)}
        onConfirm={() => {
          setConfirmAll(false);
          void send();
        }}
      />
    </>
  );
}
