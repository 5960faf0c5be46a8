// SCAFFOLD: replaced by the access work (kernel/access).
import type { Kernel, AccessService } from '../kernel';
import type { RouteRegistrar } from '../http/route-spec';
export function createAccess(_k: Kernel): AccessService { throw new Error('kernel/access not built yet'); }
export function registerAccessRoutes(_r: RouteRegistrar, _k: Kernel): void {}
export async function syncCatalog(_k: Kernel): Promise<void> {}
