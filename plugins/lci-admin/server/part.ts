/** What each part of the plugin contributes (see plugin.ts). */
import type {
  FixtureContext,
  JobDef,
  Kernel,
  NavItemDef,
  PageDef,
  RealtimeFunction,
  RouteRegistrar,
} from '../../../kernel/index';
import type { LciAdminInstance } from './instance';

export interface AdminPart {
  pages?: PageDef[];
  navItems?: NavItemDef[];
  realtime?: Record<string, RealtimeFunction>;
  jobs?: Record<string, JobDef<any>>;
  routes?(r: RouteRegistrar, k: Kernel, self: LciAdminInstance): void;
  /** Demo data for a tenant (`lci db seed`). */
  fixtures?(ctx: FixtureContext): Promise<void>;
  start?(k: Kernel, self: LciAdminInstance): Promise<void>;
}
