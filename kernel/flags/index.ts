// SCAFFOLD: replaced by the access work (kernel/flags).
import type { Kernel, FeatureFlags } from '../kernel';
import type { RouteRegistrar } from '../http/route-spec';
export function createFlags(_k: Kernel): FeatureFlags { throw new Error('kernel/flags not built yet'); }
export function registerFlagRoutes(_r: RouteRegistrar, _k: Kernel): void {}
