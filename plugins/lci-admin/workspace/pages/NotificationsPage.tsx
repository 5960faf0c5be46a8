/** /lciadmin/lcinotificationadmin: compose a notification (everybody, a tenant or a user) and the list of sent ones. */
import { Button, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, useAdminData, when } from './admin-ui';

interface Row {
  notification_id: number;
  title: string;
  message: string;
  display_type: string;
  target_label: string;
  active_flag: boolean;
  dismissed_count: number;
  created_at: string;
}

export default function NotificationsPage() {
  const state = useAdminData<{ notifications: Row[] }>('/v3/lciadmin/notifications');
  const [form, setForm] = useState({ title: '', message: '', target: 'all', id: '', display_type: 'info' });
  const [withdraw, setWithdraw] = useState<Row | null>(null);
  const { setDirty } = useDirtyPage();
  const set = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setDirty(true);
  };
  const needsId = form.target !== 'all';
  const invalid = !form.title.trim()
    ? 'A title is required.'
    : !form.message.trim()
      ? 'A message is required.'
      : needsId && !/^\d+$/.test(form.id)
        ? `Enter the ${form.target} id.`
        : null;
  const send = async () => {
    const body = {
      title: form.title,
      message: form.message,
      target: form.target,
      display_type: form.display_type,
      ...(form.target === 'tenant'
        ? { tenantId: Number(form.id) }
        : form.target === 'user'
          ? { userId: Number(form.id) }
          : {}),
    };
    if (await act(() => api.post('/v3/lciadmin/notifications', body), 'Notification sent')) {
      setForm({ ...form, title: '', message: '' });
      setDirty(false);
      void state.reload();
    }
  };
  return (
    <>
      <AdminPageHeader title="Notifications" subtitle="Shown to users as a banner until they dismiss it" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) void send();
        }}
        style={{ maxWidth: 640, marginBottom: 24 }}
      >
        <FormGroup label="Title" labelFor="n-title">
          <InputGroup
            id="n-title"
            value={form.title}
            maxLength={120}
            onChange={(e) => set({ title: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Message" labelFor="n-message">
          <TextArea
            id="n-message"
            fill
            value={form.message}
            maxLength={2000}
            onChange={(e) => set({ message: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Send to" labelFor="n-target" inline>
          <HTMLSelect
            id="n-target"
            value={form.target}
            onChange={(e) => set({ target: e.target.value })}
            options={[
              { value: 'all', label: 'Everybody' },
              { value: 'tenant', label: 'A tenant' },
              { value: 'user', label: 'A user' },
            ]}
          />
          {needsId && (
            <InputGroup
              aria-label={`${form.target} id`}
              placeholder={`${form.target} id`}
              value={form.id}
              onChange={(e) => set({ id: e.target.value.trim() })}
              style={{ width: 120, marginLeft: 8 }}
            />
          )}
          <HTMLSelect
            aria-label="Kind"
            value={form.display_type}
            onChange={(e) => set({ display_type: e.target.value })}
            options={['info', 'success', 'warning', 'danger']}
            style={{ marginLeft: 8 }}
          />
        </FormGroup>
        {invalid && (form.title || form.message) ? (
          <p className="bp6-text-muted" role="status">
            {invalid}
          </p>
        ) : null}
        <Button type="submit" intent="primary" icon="send-message" text="Send notification" disabled={!!invalid} />
      </form>
      <Loaded state={state} what="notifications">
        {(d) => (
          <DataTable
            rows={d.notifications}
            rowKey={(r) => r.notification_id}
            empty="No notifications sent yet"
            cols={[
              { header: 'Sent', cell: (r) => when(r.created_at) },
              { header: 'To', cell: (r) => r.target_label },
              {
                header: 'Title',
                cell: (r) => (
                  <>
                    <Tag minimal intent={r.display_type === 'info' ? 'primary' : (r.display_type as 'success')}>
                      {r.display_type}
                    </Tag>{' '}
                    {r.title}
                  </>
                ),
              },
              { header: 'Dismissed by', cell: (r) => r.dismissed_count },
              {
                header: '',
                cell: (r) =>
                  r.active_flag ? (
                    <Button size="small" icon="disable" text="Withdraw" onClick={() => setWithdraw(r)} />
                  ) : (
                    <Tag minimal>withdrawn</Tag>
                  ),
              },
            ]}
          />
        )}
      </Loaded>
      <Confirm
        open={!!withdraw}
        intent="danger"
        confirm="Withdraw"
        text={
          <>
            Withdraw <strong>{withdraw?.title}</strong>? Users no longer see it.
          </>
        }
        onClose={() => setWithdraw(null)}
        onConfirm={() => {
          const w = withdraw!;
          setWithdraw(null);
          void act(() => api.del(`/v3/lciadmin/notifications/${w.notification_id}`), 'Notification withdrawn').then(
            () => state.reload(),
          );
        }}
      />
    </>
  );
}
