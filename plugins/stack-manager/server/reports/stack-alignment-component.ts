/**
 * Report builder component `cs_stack_alignment` (registered in `reports.components` when the reports plugin is on):
 * the company's stack alignment score and MRR / NRR opportunity, and its applicable stack items, missing ones first
 * (largest MRR opportunity first), then partially aligned, then aligned. The numbers are those of the company's
 * Stack Alignment tab (alignment/store.ts companyAlignment).
 */
import type { Kernel } from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import type { CsServices } from '../../../customer-success/public';
import type { ReportBlock, ReportComponentDef } from '../../../reports/public';
import { NOT_APPLICABLE_SCORE, type Alignment } from '../../shared/stack-alignment';
import { companyAlignment, type CompanyAlignment } from '../alignment/store';

export const MSG_STACK_NO_COMPANY = 'Choose a company to see its stack alignment.';
export const MSG_STACK_NO_SERVICES =
  'The ideal stack has no services yet. Add services in the Stack Manager to measure how aligned companies are.';
const MSG_STACK_NO_COMPANY_FOUND = 'This company was not found.';

const STATUS: Record<Alignment, string> = { other: 'Missing', partial: 'Partially aligned', fully: 'Aligned' };
const ORDER: Record<Alignment, number> = { other: 0, partial: 1, fully: 2 };

/** The blocks for a company's alignment (category names by id). */
function stackAlignmentBlocks(a: CompanyAlignment, categories: ReadonlyMap<number, string>): ReportBlock[] {
  if (!a.items.length) return [{ kind: 'empty', title: 'No ideal stack yet', message: MSG_STACK_NO_SERVICES }];
  const applicable = a.items
    .filter((i) => i.applicableFlag === 1)
    .sort(
      (x, y) =>
        ORDER[x.alignment] - ORDER[y.alignment] ||
        y.mrrOpportunity - x.mrrOpportunity ||
        x.moniker.localeCompare(y.moniker),
    );
  const s = a.summary;
  const count = (al: Alignment) => applicable.filter((i) => i.alignment === al).length;
  const blocks: ReportBlock[] = [
    {
      kind: 'metrics',
      items: [
        {
          label: 'Stack alignment',
          value: s.alignmentScore === NOT_APPLICABLE_SCORE ? 'Not applicable' : s.alignmentScore,
          format: s.alignmentScore === NOT_APPLICABLE_SCORE ? 'text' : 'percent',
        },
        { label: 'MRR opportunity', value: s.mrrOpportunity, format: 'currency' },
        { label: 'NRR opportunity', value: s.nrrOpportunity, format: 'currency' },
        { label: 'Total opportunity', value: s.totalOpportunity, format: 'currency' },
        { label: 'Missing items', value: count('other'), format: 'number' },
        { label: 'Aligned items', value: count('fully'), format: 'number' },
      ],
    },
  ];
  if (!applicable.length)
    blocks.push({
      kind: 'empty',
      title: 'No applicable stack items',
      message: 'None of the ideal stack applies to this company, so there is nothing to align.',
    });
  else
    blocks.push({
      kind: 'table',
      title: 'Stack items',
      columns: [
        { key: 'service', label: 'Service', format: 'text' },
        { key: 'category', label: 'Category', format: 'text' },
        { key: 'status', label: 'Alignment', format: 'text' },
        { key: 'partOfContract', label: 'Part of contract', format: 'text' },
        { key: 'mrrOpportunity', label: 'MRR opportunity', format: 'currency' },
        { key: 'nrrOpportunity', label: 'NRR opportunity', format: 'currency' },
      ],
      rows: applicable.map((i) => ({
        service: i.moniker,
        category: i.categoryId === null ? null : (categories.get(i.categoryId) ?? null),
        status: STATUS[i.alignment],
        partOfContract: i.partOfContractFlag ? 'Yes' : 'No',
        mrrOpportunity: i.mrrOpportunity,
        nrrOpportunity: i.nrrOpportunity,
      })),
    });
  return blocks;
}

/** Customer Success's services (cut scores) from its instance: stack-manager depends on it, so it is loaded. */
const csServices = (k: Kernel) => k.instance<{ cs: CsServices }>('customer-success').cs;

export const stackAlignmentComponent: ReportComponentDef = {
  type: 'cs_stack_alignment',
  label: 'Stack Alignment',
  description: "The company's alignment with the ideal stack, its MRR opportunity and the missing items.",
  group: 'Customer Success',
  module: 'Customer Success',
  perCompany: true,
  async build({ db, k, tenantId, companyId }) {
    if (companyId === null) return [{ kind: 'empty', title: 'No company chosen', message: MSG_STACK_NO_COMPANY }];
    const company = await getCompany(db, companyId);
    if (!company) return [{ kind: 'empty', title: 'Company not found', message: MSG_STACK_NO_COMPANY_FOUND }];
    const alignment = await companyAlignment(csServices(k), db, tenantId, companyId);
    const categories = new Map<number, string>(
      (await db('cs_stack_categories').select('cs_stack_category_id', 'moniker')).map((c) => [
        Number(c.cs_stack_category_id),
        String(c.moniker),
      ]),
    );
    return stackAlignmentBlocks(alignment, categories);
  },
};
