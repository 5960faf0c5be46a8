/**
 * The workspace point of companies (re-exported by public.ts; browser-safe: common/ and shared/ types only): the
 * custom-field UI companies provides to the pages of plugins depending on it (`useProvided(customFieldsUiPoint)`), so
 * a record type added to customFieldTargetsPoint (e.g. contacts) edits, filters and lists its values with the same
 * dialog, filter and input as the companies list. Each is parameterised by the custom-field target (`companies`,
 * `contacts`, ...): its values are read and written at /v3/tenant/:tenantId/customfields/values/<target>[/<recordId>].
 */
import { createExtensionPoint } from '../../../common/extension-point';
import type { LazyView } from '../../../common/workspace-points';
import type { CustomField, FieldValue } from './custom-fields';

/** A filter by one custom field's value (text: contains; number, date, choice: equal; decided by the server). */
export interface FieldFilter {
  field: string;
  value: string;
}

/** The dialog editing one record's values: one input per active field, checked while typing and by the server. */
export interface RecordValuesDialogProps {
  tenantId: number;
  /** The custom-field target of the record (`companies`, `contacts`, ...). */
  target: string;
  recordId: number;
  /** Named in the title: "Custom fields of <recordName>". */
  recordName: string;
  fields: CustomField[];
  values: Record<string, FieldValue>;
  onClose(saved: boolean): void;
}

/** The filter form of a list (role search, "Filter by custom field"), with Clear while a filter is active. */
export interface CustomFieldFilterProps {
  fields: CustomField[];
  active: FieldFilter | null;
  onApply(filter: FieldFilter | null): void;
  /** Extra class of the form (the host page's toolbar layout). */
  className?: string;
}

/** The input of one field's value by type: text, number, date (YYYY-MM-DD) or a choice among the options. */
export interface FieldValueInputProps {
  field: Pick<CustomField, 'field_type' | 'options' | 'label'>;
  id: string;
  value: string;
  intent?: 'none' | 'primary' | 'success' | 'warning' | 'danger';
  disabled?: boolean;
  /** An accessible name when no label names the input (labelFor). */
  ariaLabel?: string;
  onChange(value: string): void;
}

/** The custom fields of a target's list page (useRecordValues). */
export interface RecordValuesState {
  /** The active fields, in order. */
  fields: CustomField[];
  /** Values by record id. */
  values: Map<number, Record<string, FieldValue>>;
  /** Ids matching the filter; null without a filter. */
  matching: Set<number> | null;
  filter: FieldFilter | null;
  error: string | null;
  loading: boolean;
  setFilter(f: FieldFilter | null): void;
  reload(): Promise<void>;
}

/** What companies provides: lazily loaded components (render them with SlotBody) and the list hook. */
export interface CustomFieldsUiDef {
  valuesDialog: LazyView<RecordValuesDialogProps>;
  filter: LazyView<CustomFieldFilterProps>;
  valueInput: LazyView<FieldValueInputProps>;
  /** A hook: the active fields of `target`, every record's values and the ids matching the filter. */
  useRecordValues(tenantId: number | undefined, target: string): RecordValuesState;
}
export const customFieldsUiPoint = createExtensionPoint<CustomFieldsUiDef>(
  'companies.customFieldsUi',
  'the custom-field values dialog, filter, value input and list hook, provided to the pages of plugins depending on companies',
);
