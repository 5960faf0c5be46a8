/**
 * Workspace extension points: places a plugin's own pages offer (common/workspace-points.ts). The owner declares a
 * typed point in its public.ts (`createExtensionPoint<Def>('<owner>.<name>', ...)`); a plugin that dependsOn the
 * owner (or lists it in optionalDependsOn: nothing reads the point while the owner is off) contributes from its
 * workspace/index.ts (`extend: [contribute(point, value)]`) and the owner's page reads the contributions with
 * useExtensions(point) (workspace/slot-view.tsx), shown and ordered like slots. The other
 * way round, an owner may `provide` one value of its own point to its dependents' pages (e.g. customer-success's
 * filters bar), read with useProvided(point): a dependent imports only the owner's public.ts and the SDK.
 * This file holds the records, their checks and the registry workspace/plugins.ts fills at load.
 */
import type { ExtensionPoint } from '../common/extension-point';
import type { WorkspaceExtensionItem } from '../common/workspace-points';
import { checkItem, type Contributed } from './slots';

/** A value for a point: contributed by a dependent (`contribute`) or offered by the owner (`provide`). */
export interface WorkspacePointValue<T = unknown> {
  readonly point: ExtensionPoint<T>;
  readonly value: T;
}

/** A contribution of this plugin to another plugin's workspace point (or its own). */
export function contribute<T extends WorkspaceExtensionItem>(
  point: ExtensionPoint<T>,
  value: T,
): WorkspacePointValue<T> {
  return { point, value };
}

/** What the owner of `point` offers the pages of the plugins that depend on it. */
export function provide<T>(point: ExtensionPoint<T>, value: T): WorkspacePointValue<T> {
  return { point, value };
}

const ownerOf = (point: ExtensionPoint<unknown>) => point.id.slice(0, point.id.indexOf('.'));

/** Refuses malformed contributions and provisions of a plugin (a clear error at load, not a missing panel later). */
export function checkPointValues(
  plugin: string,
  extend: readonly WorkspacePointValue[] = [],
  provides: readonly WorkspacePointValue[] = [],
): void {
  const seen = new Map<string, Set<string>>();
  for (const c of extend) {
    if (!c?.point?.id) throw new Error(`${plugin}: extend needs contribute(point, value) items`);
    const ids = seen.get(c.point.id) ?? new Set<string>();
    seen.set(c.point.id, ids);
    checkItem(`${plugin}: extend ${c.point.id}`, c.value as WorkspaceExtensionItem, ids);
  }
  const provided = new Set<string>();
  for (const p of provides) {
    if (!p?.point?.id) throw new Error(`${plugin}: provide needs provide(point, value) items`);
    if (ownerOf(p.point) !== plugin)
      throw new Error(
        `${plugin}: provides ${p.point.id}, a point of ${ownerOf(p.point)}: only a point's owner provides it`,
      );
    if (provided.has(p.point.id)) throw new Error(`${plugin}: provides ${p.point.id} twice`);
    provided.add(p.point.id);
  }
}

const contributions = new Map<string, Contributed<unknown>[]>();
const provisions = new Map<string, unknown>();

/** Keeps a plugin's contributions (in plugin load order) and provisions. */
export function registerPointValues(
  plugin: string,
  extend: readonly WorkspacePointValue[] = [],
  provides: readonly WorkspacePointValue[] = [],
): void {
  for (const c of extend) {
    const list = contributions.get(c.point.id) ?? [];
    list.push({ ...(c.value as object), plugin });
    contributions.set(c.point.id, list);
  }
  for (const p of provides) {
    if (provisions.has(p.point.id)) throw new Error(`${plugin}: ${p.point.id} is provided twice`);
    provisions.set(p.point.id, p.value);
  }
}

/** Every contribution to a point (all plugins; useExtensions filters by session). */
export function pointContributions<T>(point: ExtensionPoint<T>): readonly Contributed<T>[] {
  return (contributions.get(point.id) ?? []) as Contributed<T>[];
}

/** The value the owner of `point` provides; an error when its workspace provides none. */
export function providedValue<T>(point: ExtensionPoint<T>): T {
  if (!provisions.has(point.id))
    throw new Error(
      `${point.id} is not provided: ${ownerOf(point)}'s workspace/index.ts provides none (provide(point, value))`,
    );
  return provisions.get(point.id) as T;
}
