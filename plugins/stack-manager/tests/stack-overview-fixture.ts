/** A small stack matrix as TenantCsRptStackMatrix answers it (two companies, two services, Totals), for the overview tests. */
import type { StackMatrix } from '../shared/stack-overview';

export function sampleMatrix(): StackMatrix {
  return {
    StackByCompanyPivot: {
      index: [
        { id: 1, name: 'Acme Dental' },
        { id: 2, name: '=Beta, "Logistics"' },
        { id: null, name: 'Total' },
      ],
      columns: [
        { id: 10, name: 'Backup', tag: 'alignmentScore' },
        { id: 10, name: 'Backup', tag: 'mrrOpportunity' },
        { id: 11, name: 'EDR', tag: 'alignmentScore' },
        { id: 11, name: 'EDR', tag: 'mrrOpportunity' },
        { id: null, name: 'Total', tag: 'alignmentScore' },
        { id: null, name: 'Total', tag: 'mrrOpportunity' },
      ],
      data: [
        [100, 0, 50, 1234.5, 75, 1234.5],
        [null, null, 0, 2000, 0, 2000],
        [100, 0, 33.333, 3234.5, 50, 3234.5],
      ],
    },
    StackByServicePivot: {
      index: [
        { id: 10, name: 'Backup' },
        { id: 11, name: 'EDR' },
        { id: null, name: 'Total' },
      ],
      columns: [
        { id: 1, name: 'Acme Dental', tag: 'alignmentScore' },
        { id: 1, name: 'Acme Dental', tag: 'mrrOpportunity' },
        { id: 2, name: '=Beta, "Logistics"', tag: 'alignmentScore' },
        { id: 2, name: '=Beta, "Logistics"', tag: 'mrrOpportunity' },
        { id: null, name: 'Total', tag: 'alignmentScore' },
        { id: null, name: 'Total', tag: 'mrrOpportunity' },
      ],
      data: [
        [100, 0, null, null, 100, 0],
        [50, 1234.5, 0, 2000, 33.333, 3234.5],
        [75, 1234.5, 0, 2000, 50, 3234.5],
      ],
    },
  };
}
