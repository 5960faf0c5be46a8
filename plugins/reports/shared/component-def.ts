/**
 * What a component type is (the shape of `reports.components`, public.ts): another plugin registers a type with its
 * label, its flyout group and a `build` that answers the blocks (shared/blocks.ts) of one company. The reports plugin
 * renders the blocks (preview, presentation, Word), so a registering plugin writes no HTML and no Word code.
 */
import type { z } from 'zod';
import type { TenantFormat } from '../../../common/tenant-format';
import type { Kernel, ModuleName, Trx } from '../../../kernel/index';
import type { ReportBlock } from './blocks';
import type { ComponentProperties } from './components';

export interface ReportComponentContext {
  /** The request's (or job's) tenant-scoped transaction: read-only for previews. */
  db: Trx;
  k: Kernel;
  tenantId: number;
  /** The company the report is for; null in the designer before a company is chosen. */
  companyId: number | null;
  /** The effective properties for this company (the override rule of shared/components.ts applied). */
  properties: ComponentProperties;
  /** The tenant's currency, date format and time zone (Account Settings). */
  format: TenantFormat;
  /** The date the report is made for (yyyy-mm-dd in the tenant's time zone). */
  asOf: string;
}

export interface ReportComponentDef {
  /** Type key (letters, digits, underscores; unique across plugins), e.g. `cs_health_scores`. */
  type: string;
  /** Shown in the builder's flyout and as the default title. */
  label: string;
  /** One line in the flyout. */
  description: string;
  /** Flyout group, e.g. 'Customer Success'. */
  group: string;
  /** The tenant (and the user's group) needs this module to add and see the component. */
  module?: ModuleName;
  /** Whether it needs a company to show anything (most do; wysiwyg and images do not). */
  perCompany: boolean;
  /** Extra properties of this type, checked when the component is saved (400 naming the field otherwise). */
  properties?: z.ZodType<Record<string, unknown>>;
  /** Why the component cannot render as configured (needs_attention with this reason), or null. */
  needsAttention?(properties: ComponentProperties): string | null;
  /** The blocks for one company (an empty block when there is nothing to show, never an exception for no data). */
  build(ctx: ReportComponentContext): Promise<ReportBlock[]>;
}
