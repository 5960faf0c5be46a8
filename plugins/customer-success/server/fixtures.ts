/**
 * Demo data of the core areas (idempotent): the tenant's first users become account managers of its companies
 * (split between them), gathered in one account group; two goals with tasks and a score, one covering two companies.
 */
import { listMembers, type FixtureContext } from '../../../kernel/index';
import { listCompanies } from '../../companies/public';
import { createGroup, createManager } from './accounts/store';
import { addScore, createGoal, createTask } from './goals/service';

export async function coreFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const companies = (await listCompanies(trx, { activeOnly: true })).filter(
      (c) => !c.assessment_only_flag && !c.air_only_flag,
    );
    if (!companies.length) return;
    if (!(await trx('tenant_account_managers').first('tenant_account_manager_id'))) {
      const users = (await listMembers(trx, { tenantId, activeMembership: true, external: false }))
        .slice(0, 2)
        .map((m) => m.tenantUserId);
      const managerIds: number[] = [];
      for (const [i, tu] of users.entries()) {
        const mine = companies.filter((_, j) => j % users.length === i).map((c) => c.tenant_company_id);
        managerIds.push(
          (await createManager(trx, tenantId, { tenantUserId: Number(tu), tenantCompanyIds: mine }))
            .tenantAccountManagerId,
        );
      }
      if (managerIds.length)
        await createGroup(trx, tenantId, {
          moniker: 'Core Team',
          description: 'Every account manager',
          tenantAccountManagerIds: managerIds,
        });
      log(`customer-success: ${managerIds.length} account managers, 1 account group`);
    }
    if (!(await trx('tenant_company_goals').first('tenant_company_goal_id'))) {
      const [first, second] = companies;
      const year = new Date().getUTCFullYear();
      const cloud = await createGoal(trx, tenantId, null, first.tenant_company_id, {
        moniker: 'Move file shares to the cloud',
        status: 'inProgress',
        dueDate: `${year}-12-15`,
        tenantCompanyIds: second ? [second.tenant_company_id] : [],
      });
      const t1 = await createTask(trx, tenantId, first.tenant_company_id, {
        tenantCompanyGoalId: cloud.tenantCompanyGoalId,
        moniker: 'Inventory the shares',
      });
      await trx('tenant_company_goal_tasks')
        .where('tenant_company_goal_task_id', t1.tenantCompanyGoalTaskId)
        .update({ completed_flag: true });
      await createTask(trx, tenantId, first.tenant_company_id, {
        tenantCompanyGoalId: cloud.tenantCompanyGoalId,
        moniker: 'Migrate and train staff',
      });
      await addScore(trx, tenantId, null, cloud.tenantCompanyGoalId, { score: 55, note: 'Inventory done' });
      await createGoal(trx, tenantId, null, (second ?? first).tenant_company_id, {
        moniker: 'Quarterly business reviews on time',
        status: 'notStarted',
        dueDate: `${year}-09-30`,
      });
      log('customer-success: 2 demo goals');
    }
  });
}
