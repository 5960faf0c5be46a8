/** Custom fields over the API: paths and answer types (from shared/custom-fields.ts). */
import type { z } from 'zod';
import { api } from '../../../../workspace/sdk';
import type {
  customFieldsAnswer,
  customFieldWriteAnswer,
  valuesAnswer,
  valuesWriteAnswer,
  CustomField,
  FieldValue,
} from '../../shared/custom-fields';

export type FieldsAnswer = z.infer<typeof customFieldsAnswer>;
export type ValuesAnswer = z.infer<typeof valuesAnswer>;
export type { CustomField, FieldValue };

const base = (tenantId: number) => `/v3/tenant/${tenantId}/customfields`;

export const loadDefinitions = (tenantId: number) => api.get<FieldsAnswer>(base(tenantId));
export const addDefinition = (tenantId: number, body: unknown) =>
  api.post<z.infer<typeof customFieldWriteAnswer>>(base(tenantId), body);
export const changeDefinition = (tenantId: number, id: number, body: unknown) =>
  api.put<z.infer<typeof customFieldWriteAnswer>>(`${base(tenantId)}/${id}`, body);
export const deleteDefinition = (tenantId: number, id: number, confirm: boolean) =>
  api.del<{ records_updated: number; values_deleted: number }>(
    `${base(tenantId)}/${id}${confirm ? '?confirm=true' : ''}`,
  );

/** Values of a target's records; with a filter only the matching records. */
export function loadValues(tenantId: number, target: string, filter?: { field: string; value: string }) {
  const q = filter ? `?${new URLSearchParams({ field: filter.field, value: filter.value })}` : '';
  return api.get<ValuesAnswer>(`${base(tenantId)}/values/${target}${q}`);
}
export const saveValues = (
  tenantId: number,
  target: string,
  recordId: number,
  values: Record<string, FieldValue | null>,
) => api.put<z.infer<typeof valuesWriteAnswer>>(`${base(tenantId)}/values/${target}/${recordId}`, { values });

/** The message of a field in an API refusal (`body.<path>`), if any. */
export function fieldError(e: unknown, path: string): string | undefined {
  const fields = (e as { fields?: { path: string; message: string }[] } | null)?.fields;
  return fields?.find((f) => f.path === `body.${path}`)?.message;
}
