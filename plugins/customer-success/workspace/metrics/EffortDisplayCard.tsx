/**
 * Effort display info on the Health/Effort Admin page: the rolling window (days), tickets by user, and the ticket
 * tables to leave out, with the tickets of each table in the window. Saving recalculates every company.
 */
import { Button, Callout, Card, FormGroup, HTMLTable, NumericInput, Switch, TagInput } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, useDirtyPage } from '../../../../workspace/sdk';
import { MAX_ROLLING_WINDOW_DAYS, MIN_ROLLING_WINDOW_DAYS } from '../../shared/rolling-window';
import { useCsApi } from '../cs-api';
import type { EffortDisplayInfo } from './types';

interface Draft {
  rollingWindow: number;
  switchTicketsByUserFlag: boolean;
  excludedTicketsTables: string[];
}
const same = (a: Draft, b: Draft) =>
  a.rollingWindow === b.rollingWindow &&
  a.switchTicketsByUserFlag === b.switchTicketsByUserFlag &&
  [...a.excludedTicketsTables].sort().join() === [...b.excludedTicketsTables].sort().join();

export function EffortDisplayCard({ readOnly, onSaved }: { readOnly: boolean; onSaved?(): void }) {
  const cs = useCsApi();
  const { setDirty } = useDirtyPage();
  const [info, setInfo] = useState<EffortDisplayInfo | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<{ intent: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const r = await cs.csGet('TenantCsEffortDisplayInfo');
    const i = r.tenantCsEffortDisplayInfo as unknown as EffortDisplayInfo;
    setInfo(i);
    setDraft({
      rollingWindow: i.rollingWindow,
      switchTicketsByUserFlag: i.switchTicketsByUserFlag,
      excludedTicketsTables: i.excludedTicketsTables,
    });
  }, [cs]);
  useEffect(() => {
    load().catch((e) => setMessage({ intent: 'danger', text: (e as Error).message }));
  }, [load]);

  const dirty = !!info && !!draft && !same(draft, info);
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
  if (!info || !draft) return null;

  const windowOk =
    Number.isInteger(draft.rollingWindow) &&
    draft.rollingWindow >= MIN_ROLLING_WINDOW_DAYS &&
    draft.rollingWindow <= MAX_ROLLING_WINDOW_DAYS;
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await cs.csSave('TenantCsEffortDisplayInfo', { ...draft, version: info.version });
      const i = r.tenantCsEffortDisplayInfo as unknown as EffortDisplayInfo;
      setInfo(i);
      setDraft({
        rollingWindow: i.rollingWindow,
        switchTicketsByUserFlag: i.switchTicketsByUserFlag,
        excludedTicketsTables: i.excludedTicketsTables,
      });
      setMessage({ intent: 'success', text: 'Effort display settings saved; scores recalculated.' });
      onSaved?.();
    } catch (e) {
      const fields =
        e instanceof ApiError && e.fields?.length
          ? `: ${e.fields.map((f) => `${f.path.replace(/^body\./, '')} ${f.message}`).join('; ')}`
          : '';
      setMessage({ intent: 'danger', text: `${(e as Error).message}${fields}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="cs-effort-display" aria-label="Effort display info">
      <h4 className="bp6-heading">Tickets counted for effort</h4>
      {message && (
        <Callout
          intent={message.intent}
          role={message.intent === 'danger' ? 'alert' : 'status'}
          style={{ marginBottom: 10 }}
        >
          {message.text}
        </Callout>
      )}
      <div className="cs-effort-row">
        <FormGroup
          label="Rolling window (days)"
          labelFor="cs-rolling-window"
          intent={windowOk ? 'none' : 'danger'}
          helperText={
            windowOk
              ? `Tickets and CSAT responses of ${info.windowStart} to ${info.windowEnd} count`
              : `Between ${MIN_ROLLING_WINDOW_DAYS} and ${MAX_ROLLING_WINDOW_DAYS} days`
          }
        >
          <NumericInput
            id="cs-rolling-window"
            min={MIN_ROLLING_WINDOW_DAYS}
            max={MAX_ROLLING_WINDOW_DAYS}
            stepSize={1}
            minorStepSize={null}
            disabled={readOnly}
            value={draft.rollingWindow}
            onValueChange={(n) => setDraft({ ...draft, rollingWindow: Number.isFinite(n) ? n : 0 })}
          />
        </FormGroup>
        <FormGroup
          label="Tickets by user"
          helperText="Count tickets per user (seat) of the company instead of in total"
        >
          <Switch
            checked={draft.switchTicketsByUserFlag}
            disabled={readOnly}
            label={draft.switchTicketsByUserFlag ? 'Per user' : 'In total'}
            onChange={(e) => setDraft({ ...draft, switchTicketsByUserFlag: (e.target as HTMLInputElement).checked })}
          />
        </FormGroup>
        <FormGroup
          label="Excluded ticket tables"
          labelFor="cs-excluded-tables"
          helperText="Tickets of these tables do not count (type a table name and press Enter)"
          style={{ flex: 1 }}
        >
          <TagInput
            inputProps={{ id: 'cs-excluded-tables' }}
            values={draft.excludedTicketsTables}
            disabled={readOnly}
            addOnBlur
            onChange={(values) =>
              setDraft({
                ...draft,
                excludedTicketsTables: [
                  ...new Set((values as string[]).map((v) => v.trim().toLowerCase()).filter(Boolean)),
                ],
              })
            }
          />
        </FormGroup>
      </div>
      {info.ticketTables.length > 0 && (
        <HTMLTable compact className="cs-metrics-table" aria-label="Ticket tables">
          <thead>
            <tr>
              <th>Ticket table</th>
              <th className="cs-num">Tickets in the window</th>
              <th>Counted</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {info.ticketTables.map((t) => {
              const excluded = draft.excludedTicketsTables.includes(t.ticketTable);
              return (
                <tr key={t.ticketTable}>
                  <td>{t.ticketTable}</td>
                  <td className="cs-num">{t.tickets}</td>
                  <td>{excluded ? 'No' : 'Yes'}</td>
                  <td>
                    {!readOnly && (
                      <Button
                        size="small"
                        variant="minimal"
                        text={excluded ? 'Include' : 'Exclude'}
                        onClick={() =>
                          setDraft({
                            ...draft,
                            excludedTicketsTables: excluded
                              ? draft.excludedTicketsTables.filter((x) => x !== t.ticketTable)
                              : [...draft.excludedTicketsTables, t.ticketTable],
                          })
                        }
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {!readOnly && (
        <div className="cs-metrics-toolbar" style={{ marginTop: 10 }}>
          <Button
            intent="primary"
            text="Save Settings"
            loading={busy}
            disabled={!dirty || !windowOk}
            onClick={() => void save()}
          />
          {dirty && (
            <Button
              text="Revert"
              onClick={() =>
                setDraft({
                  rollingWindow: info.rollingWindow,
                  switchTicketsByUserFlag: info.switchTicketsByUserFlag,
                  excludedTicketsTables: info.excludedTicketsTables,
                })
              }
            />
          )}
        </div>
      )}
    </Card>
  );
}
