/** Filter resolvers of account managers and account groups: the companies their managers are assigned to. */
import { defineCsFilterResolver } from '../filters/resolver';
import { companiesOfGroups, companiesOfManagers } from './store';

export const managerFilter = defineCsFilterResolver({
  field: 'tenantAccountManagerIds',
  resolve: (db, values) => companiesOfManagers(db, values.map(Number)),
});
export const groupFilter = defineCsFilterResolver({
  field: 'tenantAccountGroupIds',
  resolve: (db, values) => companiesOfGroups(db, values.map(Number)),
});
