/**
 * /readyz: is this process able to serve? Checks each dependency within a
 * short time limit and names the ones that failed:
 *   200 { status: 'ready', checks: { database: 'ok', redis: 'ok', jobs: 'ok' } }
 *   503 { status: 'unavailable', failed: ['database'], checks: { database: 'down: ...', ... } }
 * A load balancer takes the process out of rotation on 503 and back on 200.
 */
import type { Kernel } from '../kernel';

type Dependency = 'database' | 'redis' | 'jobs';
interface DependencyHealth {
  ok: boolean;
  detail?: string;
}
interface Readiness {
  ready: boolean;
  failed: Dependency[];
  checks: Partial<Record<Dependency, string>>;
}

/** A check that has not answered in this time counts as failed. */
const READY_CHECK_TIMEOUT_MS = 2000;

async function within(check: () => Promise<DependencyHealth>, ms: number): Promise<DependencyHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DependencyHealth>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${ms} ms` }), ms);
  });
  try {
    return await Promise.race([check().catch((e: Error) => ({ ok: false, detail: e.message || String(e) })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(k: Kernel, ms = READY_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const checks: [Dependency, () => Promise<DependencyHealth>][] = [
    [
      'database',
      async () => {
        await k.db.knex.raw('select 1');
        return { ok: true };
      },
    ],
  ];
  if (k.config.redisUrl && k.realtime?.health) checks.push(['redis', () => k.realtime.health!()]);
  if (k.jobs?.health) checks.push(['jobs', () => k.jobs.health!()]);
  const results = await Promise.all(checks.map(async ([name, fn]) => [name, await within(fn, ms)] as const));
  const failed = results.filter(([, r]) => !r.ok).map(([name]) => name);
  return {
    ready: failed.length === 0,
    failed,
    checks: Object.fromEntries(results.map(([name, r]) => [name, r.ok ? 'ok' : `down: ${r.detail ?? 'unavailable'}`])),
  };
}

export function readinessMessage(failed: Dependency[]): string {
  const names: Record<Dependency, string> = {
    database: 'the database (PostgreSQL)',
    redis: 'Redis',
    jobs: 'the job queue',
  };
  return `Not ready: ${failed.map((f) => names[f]).join(', ')} ${failed.length === 1 ? 'is' : 'are'} not reachable`;
}
