/** The segmentIds filter: the companies whose stored segment is one of the selected segments. */
import { defineCsFilterResolver } from '../filters/resolver';
import { companiesInSegments } from './store';

export const segmentFilter = defineCsFilterResolver({
  field: 'segmentIds',
  resolve: (db, values) => companiesInSegments(db, values.map(Number)),
});
