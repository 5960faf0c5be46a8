/**
 * The bulk actions on the chosen assets: set a status, set a type (POST assets/bulk, all or nothing; "None" clears)
 * or delete them (POST assets/bulk/delete, all or nothing, confirmed). Each asks for confirmation first and reports records_updated in a toast.
 */
import { Alert, Button, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { api, pushMessage } from '../../../../workspace/sdk';
import { assetPaths } from '../../shared/api';
import type { Choice } from './AssetFilters';

export interface BulkBarProps {
  tenantId: number;
  ids: number[];
  types: readonly Choice[];
  statuses: readonly Choice[];
  onClear(): void;
  /** After a change (deleted: the ids deleted). */
  onDone(deleted: number[]): void;
}

type Pending = { kind: 'status' | 'type'; value: number | null; label: string } | { kind: 'delete' } | null;

const NONE = 'none';
/** The most ids one bulk request takes. */
const BULK_MAX = 1000;

export function BulkBar({ tenantId, ids, types, statuses, onClear, onDone }: BulkBarProps) {
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const n = ids.length;
  const assets = `${n} ${n === 1 ? 'asset' : 'assets'}`;

  const labelOf = (v: string, list: readonly Choice[]) =>
    v === NONE ? 'none' : (list.find((c) => String(c.value) === v)?.label ?? v);
  const valueOf = (v: string) => (v === NONE ? null : Number(v));

  const run = async (p: NonNullable<Pending>) => {
    setBusy(true);
    try {
      if (p.kind === 'delete') {
        // POST assets/bulk/delete, all or nothing per request (max 1000 ids each; a larger selection is sent in parts).
        const deleted: number[] = [];
        try {
          for (let i = 0; i < ids.length; i += BULK_MAX) {
            const part = ids.slice(i, i + BULK_MAX);
            await api.post<{ records_updated: number }>(
              assetPaths.bulkDelete(tenantId),
              { assetIds: part, confirm: true },
              { expect: 'records_updated' },
            );
            deleted.push(...part);
          }
          pushMessage({
            msg_type: 'success',
            msg: `Deleted ${deleted.length} ${deleted.length === 1 ? 'asset' : 'assets'}.`,
            display_type: 'success',
          });
        } catch (e) {
          pushMessage({
            msg_type: 'error',
            msg: deleted.length
              ? `Deleted ${deleted.length} of ${n} assets; the rest were not deleted: ${(e as Error).message}`
              : `Nothing was deleted: ${(e as Error).message}`,
            display_type: 'danger',
          });
        }
        onDone(deleted);
        return;
      }
      const body =
        p.kind === 'status'
          ? { assetIds: ids, tenant_asset_status_id: p.value }
          : { assetIds: ids, asset_type_id: p.value };
      const r = await api.post<{ records_updated: number }>(assetPaths.bulk(tenantId), body, {
        expect: 'records_updated',
      });
      pushMessage({
        msg_type: 'success',
        msg: `${r.records_updated} ${r.records_updated === 1 ? 'asset' : 'assets'} updated.`,
        display_type: 'success',
      });
      if (p.kind === 'status') setStatus('');
      else setType('');
      onDone([]);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: (e as Error).message, display_type: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const options = (list: readonly Choice[], what: string) => [
    { value: '', label: `Choose a ${what}` },
    { value: NONE, label: `No ${what}` },
    ...list.map((c) => ({ value: String(c.value), label: c.label })),
  ];

  return (
    <div className="asset-bulk" role="toolbar" aria-label="Bulk actions">
      <strong>{assets} selected</strong>
      <HTMLSelect
        aria-label="New status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={options(statuses, 'status')}
      />
      <Button
        text="Change status"
        disabled={!status || busy}
        onClick={() => setPending({ kind: 'status', value: valueOf(status), label: labelOf(status, statuses) })}
      />
      <HTMLSelect
        aria-label="New type"
        value={type}
        onChange={(e) => setType(e.target.value)}
        options={options(types, 'type')}
      />
      <Button
        text="Change type"
        disabled={!type || busy}
        onClick={() => setPending({ kind: 'type', value: valueOf(type), label: labelOf(type, types) })}
      />
      <Button
        intent="danger"
        variant="outlined"
        icon="trash"
        text="Delete"
        disabled={busy}
        onClick={() => setPending({ kind: 'delete' })}
      />
      <Button variant="minimal" text="Clear selection" onClick={onClear} />
      <Alert
        isOpen={pending !== null}
        intent={pending?.kind === 'delete' ? 'danger' : 'primary'}
        confirmButtonText={pending?.kind === 'delete' ? 'Delete' : 'Apply'}
        cancelButtonText="Cancel"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p) void run(p);
        }}
      >
        {pending?.kind === 'delete' && <p>Delete {assets}? This cannot be undone.</p>}
        {pending && pending.kind !== 'delete' && (
          <p>
            Set the {pending.kind} of {assets} to {pending.label}?
          </p>
        )}
      </Alert>
    </div>
  );
}
