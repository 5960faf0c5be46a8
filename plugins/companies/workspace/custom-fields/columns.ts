/**
 * The DataTable columns of a list's custom fields (one per active field, in the fields' order): the value shown as
 * text, numbers sorted as numbers, blanks last. Ids 'cf.<field_key>' keep them apart from the list's own columns in
 * each user's kept choice.
 */
import type { DataTableColumn } from '../../../../workspace/sdk';
import { displayValue } from '../../shared/custom-fields';
import type { RecordValuesState } from '../../shared/workspace-points';

export function customFieldColumns<T>(
  custom: Pick<RecordValuesState, 'fields' | 'values'>,
  recordId: (row: T) => number,
): DataTableColumn<T>[] {
  return custom.fields.map((f) => ({
    id: `cf.${f.field_key}`,
    header: f.label,
    value: (row: T) => {
      const v = custom.values.get(recordId(row))?.[f.field_key];
      return typeof v === 'number' ? v : displayValue(v);
    },
  }));
}
