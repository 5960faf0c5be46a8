// SCAFFOLD: replaced by the identity work (kernel/auth).
import type { Kernel, Identity } from '../kernel';
import type { RouteRegistrar } from '../http/route-spec';
export async function createIdentity(_k: Kernel): Promise<Identity> { throw new Error('kernel/auth not built yet'); }
export function registerIdentityRoutes(_r: RouteRegistrar, _k: Kernel): void {}
