// SCAFFOLD: replaced by the jobs work (kernel/jobs).
import type { Kernel, Jobs } from '../kernel';
export async function createJobs(_k: Kernel, _opts: { work: boolean }): Promise<Jobs> { throw new Error('kernel/jobs not built yet'); }
