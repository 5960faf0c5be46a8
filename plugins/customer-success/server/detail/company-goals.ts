/** Active goals of companies (goals area tables), as headlines and insights read them: a goal counts for its own company and every company it covers. */
import type { Trx } from '../../../../kernel/index';

interface GoalForCompany {
  tenantCompanyGoalId: number;
  tenantCompanyId: number;
  title: string;
  status: string;
  due_date: string | null;
  completed: boolean;
}

const day = (v: unknown) =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
      : String(v).slice(0, 10);

export async function goalsOfCompanies(db: Trx, companyIds: number[]): Promise<GoalForCompany[]> {
  if (!companyIds.length) return [];
  const r = await db.raw(
    `select g.tenant_company_goal_id, c.tenant_company_id, g.moniker, g.status, g.due_date
       from tenant_company_goals g
       join lateral (
         select g.tenant_company_id union select gc.tenant_company_id from tenant_company_goal_companies gc
          where gc.tenant_id = g.tenant_id and gc.tenant_company_goal_id = g.tenant_company_goal_id
       ) c on true
      where g.active_flag and c.tenant_company_id = any(?::bigint[])
      order by g.due_date nulls last, g.tenant_company_goal_id`,
    [companyIds],
  );
  return (r.rows as Record<string, unknown>[]).map((x) => ({
    tenantCompanyGoalId: Number(x.tenant_company_goal_id),
    tenantCompanyId: Number(x.tenant_company_id),
    title: String(x.moniker),
    status: String(x.status),
    due_date: day(x.due_date),
    completed: x.status === 'completed',
  }));
}
