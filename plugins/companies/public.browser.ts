/**
 * What other plugins' pages (workspace/) and shared rules may use of `companies`: browser-safe, it loads nothing of
 * the kernel or of this plugin's server/ (the workspace build fails if it did). Server code imports ../public.ts,
 * which re-exports this file.
 *
 * Workspace point (shared/workspace-points.ts), provided by companies to its dependents' pages:
 * - `customFieldsUiPoint`: `useProvided(customFieldsUiPoint)` gives a target's list page the custom-field values
 *   dialog, filter and value input (lazy; render with SlotBody) and `useRecordValues(tenantId, target)`.
 */
export { noticeDate } from './shared/notice-date';
/** A contract as the API answers it (reply schema; CS answers the contracts it reads with it). */
export { contractWithCompany } from './shared/api';
/** The body of a company's savedlink write (CS's links tile checks its dialog with it). */
export { linkBody } from './shared/api';
export type { Contract, LinkedGoal } from './shared/contract-fields';
/** A custom field and its values as the customfields routes answer them (types only: pages of dependents read them). */
export type { CustomField, FieldValue, RecordValues } from './shared/custom-fields';
export {
  customFieldsUiPoint,
  type CustomFieldsUiDef,
  type RecordValuesDialogProps,
  type CustomFieldFilterProps,
  type FieldValueInputProps,
  type FieldFilter,
  type RecordValuesState,
} from './shared/workspace-points';
