/**
 * Loads the admin summary across tenants (system scope): tenants with their users, last activity, active companies
 * (the companies plugin's table when present) and subscription status (a plugin's `subscriptionStatus` provider when
 * present, else 'n/a'); job health from pg-boss.
 */
import {
  listTenants,
  subscriptionStatusPoint,
  tenantActivity,
  type Kernel,
  type Trx,
} from '../../../../../kernel/index';
import { jobHealth, latest, NOT_AVAILABLE, totals, type JobHealth, type TenantSummary } from './rules';

/** The companies plugin's table and its active flag (plugins/companies/public.ts COMPANY_TABLES.companies). */
const COMPANIES_TABLE = 'tenant_companies';

async function activeCompanyCounts(db: Trx): Promise<Map<number, number> | null> {
  if (!(await db.schema.hasTable(COMPANIES_TABLE))) return null;
  const rows = await db(COMPANIES_TABLE)
    .where('is_active', true)
    .groupBy('tenant_id')
    .select('tenant_id')
    .count({ n: '*' });
  return new Map(rows.map((r: any) => [Number(r.tenant_id), Number(r.n)]));
}

async function subscriptionStatuses(k: Kernel, db: Trx, tenantIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const provider = k.extensions(subscriptionStatusPoint)[0];
  if (!provider) return out;
  for (const id of tenantIds) out.set(id, (await provider(db, id)) ?? 'none');
  return out;
}

async function loadTenantSummaries(k: Kernel, db: Trx): Promise<TenantSummary[]> {
  const tenants = await listTenants(db);
  const activity = await tenantActivity(db);
  const companies = await activeCompanyCounts(db);
  const statuses = await subscriptionStatuses(
    k,
    db,
    tenants.map((t) => t.tenantId),
  );
  return tenants.map((t) => {
    const id = t.tenantId;
    const a = activity.get(id);
    return {
      tenantId: id,
      name: t.name,
      created: t.createdAt,
      active: t.active,
      subscriptionStatus: statuses.get(id) ?? NOT_AVAILABLE,
      activeCompanies: companies ? (companies.get(id) ?? 0) : null,
      users: a?.activeUsers ?? 0,
      lastActivity: latest(a?.activeLastActivityAt ?? null, a?.activeLastSignInAt ?? null),
    };
  });
}

/** The summary does not wait longer than this for pg-boss (its first start on the embedded database is slow). */
const JOB_HEALTH_WAIT_MS = 5000;

async function loadJobHealth(k: Kernel, waitMs = JOB_HEALTH_WAIT_MS): Promise<JobHealth> {
  const unavailable = (note: string): JobHealth => ({
    queues: [],
    byState: {},
    failedLast24h: 0,
    available: false,
    note,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<JobHealth>((resolve) => {
    timer = setTimeout(() => resolve(unavailable('The job queue is starting; reload in a moment.')), waitMs);
  });
  const load = Promise.all([k.jobs.stats(), k.jobs.failed(undefined, 1000)])
    .then(([stats, failed]) => jobHealth(stats, failed))
    .catch((e) => {
      k.log.warn({ err: e }, 'admin summary: job statistics unavailable');
      return unavailable(`Job statistics are unavailable: ${(e as Error).message}`);
    });
  try {
    return await Promise.race([load, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function loadSummary(k: Kernel, db: Trx) {
  const tenants = await loadTenantSummaries(k, db);
  return { tenants, totals: totals(tenants), jobs: await loadJobHealth(k), generatedAt: new Date().toISOString() };
}
