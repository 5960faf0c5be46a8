/** The webhook's record of Stripe events (table billing_events): each event id claimed once, with its outcome. */
import type { Trx } from '../../../../kernel/index';

export type EventOutcome =
  /** The event's state was applied. */
  | 'applied'
  /** The event was older than the state already applied: the current state was read from Stripe and applied instead. */
  | 'refreshed'
  /** Nothing to change (e.g. an e-mail already stored). */
  | 'unchanged'
  /** Handled, but it named nothing this tenant has (e.g. an invoice without subscription). */
  | 'ignored';

interface LoggedEvent {
  tenant_id: number;
  outcome: EventOutcome;
  type: string;
}

export async function findEvent(trx: Trx, eventId: string): Promise<LoggedEvent | null> {
  const row = await trx('billing_events').where({ event_id: eventId }).first('tenant_id', 'outcome', 'type');
  return row ? { tenant_id: Number(row.tenant_id), outcome: row.outcome as EventOutcome, type: row.type } : null;
}

/**
 * Claims an event for a tenant: true when this delivery is the first. A concurrent delivery of the same event
 * waits for the first one's transaction and then finds the row (false).
 */
export async function claimEvent(
  trx: Trx,
  tenantId: number,
  e: { id: string; type: string; created: number; objectId: string | null },
): Promise<boolean> {
  const rows = await trx('billing_events')
    .insert({
      tenant_id: tenantId,
      event_id: e.id,
      type: e.type,
      created: e.created,
      object_id: e.objectId,
      outcome: 'ignored',
    })
    .onConflict(['tenant_id', 'event_id'])
    .ignore()
    .returning('event_id');
  return rows.length === 1;
}

export async function setOutcome(trx: Trx, tenantId: number, eventId: string, outcome: EventOutcome): Promise<void> {
  await trx('billing_events').where({ tenant_id: tenantId, event_id: eventId }).update({ outcome });
}

/** The `created` of the newest event of a type family already applied for an object (0 when none). */
export async function lastAppliedCreated(
  trx: Trx,
  tenantId: number,
  objectId: string,
  typePrefix: string,
  exceptEventId: string,
): Promise<number> {
  const row = await trx('billing_events')
    .where({ tenant_id: tenantId, object_id: objectId })
    .whereLike('type', `${typePrefix}%`)
    .whereIn('outcome', ['applied', 'refreshed', 'unchanged'])
    .whereNot({ event_id: exceptEventId })
    .max({ m: 'created' })
    .first();
  return Number(row?.m ?? 0);
}
