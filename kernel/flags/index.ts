/** kernel/flags: feature flags keyed by tenant (or its parent provider tenant) and user, default off (platform.md section 6). */
import type { FeatureFlags, Kernel } from '../kernel';
import { createFlagService } from './service';

export { registerFlagRoutes } from './routes';

export function createFlags(k: Kernel): FeatureFlags {
  return createFlagService(k);
}
