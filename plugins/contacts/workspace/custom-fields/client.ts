/**
 * Contacts' custom fields over companies' customfields routes (target `contacts`): the active fields with every
 * contact's values, the ids matching a filter (text: contains, other types: equal, decided by the server), a save.
 */
import { api } from '../../../../workspace/sdk';
import type { CustomField, FieldValue, RecordValues } from '../../../companies/public';

export type { CustomField, FieldValue };
export const CONTACTS_TARGET = 'contacts';

export interface FieldFilter {
  field: string;
  value: string;
}

interface ValuesAnswer {
  fields: CustomField[];
  records: RecordValues[];
}

const values = (tenantId: number) => `/v3/tenant/${tenantId}/customfields/values/${CONTACTS_TARGET}`;

export const loadContactValues = (tenantId: number, filter?: FieldFilter) =>
  api.get<ValuesAnswer>(values(tenantId), { query: filter ? { field: filter.field, value: filter.value } : {} });

export const saveContactValues = (tenantId: number, contactId: number, body: Record<string, FieldValue | null>) =>
  api.put<RecordValues>(`${values(tenantId)}/${contactId}`, { values: body });

/** A value as the list shows it ('' when unset). */
export const shown = (v: FieldValue | null | undefined): string => (v === null || v === undefined ? '' : String(v));

/** The message of a field in an API refusal (`body.<path>`), if any. */
export function fieldError(e: unknown, path: string): string | undefined {
  const fields = (e as { fields?: { path: string; message: string }[] } | null)?.fields;
  return fields?.find((f) => f.path === `body.${path}`)?.message;
}
