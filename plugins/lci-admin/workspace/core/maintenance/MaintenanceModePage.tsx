/**
 * /lcisupport/maintenancemode: maintenance on or off with a message, after a confirmation. While on, users are sent
 * to /maintenance and their writes answer 503 with the message; internal admins keep working.
 */
import { Alert, Button, Callout, FormGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, PageLoadError, PageLoading, useDirtyPage } from '../../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../AdminPageHeader';
import { formatDateTime } from '../format';
import { MAINTENANCE_MESSAGE_MAX as MESSAGE_MAX, type MaintenanceState as State } from '../../../shared/api';
import { useLoad } from '../useLoad';

export default function MaintenanceModePage() {
  const { data, error, loading, reload } = useLoad(
    () => api.get<{ maintenance: State }>('/v3/lcisupport/maintenance').then((r) => r.maintenance),
    [],
  );
  const [message, setMessage] = useState('');
  const [confirm, setConfirm] = useState<null | boolean>(null);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { setDirty } = useDirtyPage();

  useEffect(() => {
    if (data) setMessage(data.message);
  }, [data]);
  useEffect(() => {
    setDirty(!!data && !data.on && message.trim() !== '');
  }, [data, message, setDirty]);

  const tooLong = message.length > MESSAGE_MAX;
  const apply = async (on: boolean) => {
    setBusy(true);
    setSaveError(null);
    try {
      await api.put('/v3/lcisupport/maintenance', { on, message: on ? message.trim() : '' });
      setDirty(false);
      reload();
    } catch (e) {
      setSaveError((e as Error).message);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const header = (
    <AdminPageHeader
      title="Maintenance Mode"
      back={SUPPORT_HOME}
      subtitle="Pauses every change for everyone but internal admins; signed-in users are sent to the maintenance screen."
    />
  );
  if (loading && !data)
    return (
      <div>
        {header}
        <PageLoading what="maintenance mode" />
      </div>
    );
  if (error && !data)
    return (
      <div>
        {header}
        <PageLoadError title="Maintenance mode could not be loaded" error={error} retry={reload} busy={loading} />
      </div>
    );
  const s = data!;
  return (
    <div style={{ maxWidth: 640 }}>
      {header}
      <Callout
        intent={s.on ? Intent.WARNING : Intent.SUCCESS}
        icon={s.on ? 'build' : 'tick-circle'}
        title={s.on ? 'Maintenance mode is ON' : 'Maintenance mode is off'}
        style={{ marginBottom: 16 }}
      >
        {s.on ? (
          <>
            Since {formatDateTime(s.since)}.
            {s.message && (
              <>
                {' '}
                Message: <Tag minimal>{s.message}</Tag>
              </>
            )}
          </>
        ) : (
          'Users work normally.'
        )}
      </Callout>
      {!s.on && (
        <FormGroup
          label="Message for users"
          labelFor="lci-maint-msg"
          helperText={
            tooLong
              ? undefined
              : `Shown on the maintenance screen and in refused changes (${message.length}/${MESSAGE_MAX}).`
          }
          intent={tooLong ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="lci-maint-msg"
            fill
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            intent={tooLong ? Intent.DANGER : Intent.NONE}
            placeholder="e.g. Database upgrade until 22:00 UTC"
          />
          {tooLong && (
            <div className="bp6-form-helper-text" role="alert">
              At most {MESSAGE_MAX} characters.
            </div>
          )}
        </FormGroup>
      )}
      {saveError && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
          {saveError}
        </Callout>
      )}
      {s.on ? (
        <Button
          intent="success"
          icon="play"
          text="Turn maintenance off"
          loading={busy}
          onClick={() => setConfirm(false)}
        />
      ) : (
        <Button
          intent="warning"
          icon="build"
          text="Turn maintenance on"
          loading={busy}
          disabled={tooLong}
          onClick={() => setConfirm(true)}
        />
      )}
      <Alert
        isOpen={confirm !== null}
        intent={confirm ? Intent.WARNING : Intent.SUCCESS}
        icon={confirm ? 'build' : 'play'}
        confirmButtonText={confirm ? 'Turn maintenance on' : 'Turn maintenance off'}
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onCancel={() => setConfirm(null)}
        onConfirm={() => void apply(!!confirm)}
        loading={busy}
      >
        {confirm ? (
          <p>
            Every signed-in user is sent to the maintenance screen now and their changes are refused until you turn it
            off. Continue?
          </p>
        ) : (
          <p>Users can work again; those on the maintenance screen leave it at once. Continue?</p>
        )}
      </Alert>
    </div>
  );
}
