/**
 * Extension points: how one part of the platform lets others add to it, without module-level registries.
 *
 * The owner (a plugin, in its public.ts, or the kernel) declares a typed point:
 *
 *   export const csObjects = createExtensionPoint<CsObjectDef>('customer-success.objects', 'CS object types');
 *
 * and lists it in its definition (`points: [csObjects]`). A plugin that `dependsOn` the owner (or lists it in
 * `optionalDependsOn`: the registration is then skipped while the owner is not loaded) registers into it:
 *
 *   extend: ({ k, self }) => [contribute(csObjects, stackServiceObject(self))]
 *
 * The owner reads what was registered at call time with `k.extensions(csObjects)` (in plugin load order).
 * Contributions are collected per kernel after every plugin's `setup`, so two kernels in one process share none.
 */

import type { ExtensionPoint } from '../common/extension-point';

export { createExtensionPoint, type ExtensionPoint } from '../common/extension-point';

export interface Contribution<T = unknown> {
  readonly point: ExtensionPoint<T>;
  readonly value: T;
}

/** One registration into an extension point (from a plugin's `extend`). */
export function contribute<T>(point: ExtensionPoint<T>, value: T): Contribution<T> {
  return { point, value };
}

function ownerOf(point: ExtensionPoint<unknown>): string {
  return point.id.slice(0, point.id.indexOf('.'));
}

/** What a kernel keeps of every plugin's contributions (one per kernel). */
export class ExtensionRegistry {
  private readonly points = new Map<string, { point: ExtensionPoint<unknown>; owner: string }>();
  private readonly entries = new Map<string, { plugin: string; value: unknown }[]>();

  declare(point: ExtensionPoint<unknown>, owner: string): void {
    if (ownerOf(point) !== owner)
      throw new Error(`${owner}: extension point "${point.id}" must be named ${owner}.<name>`);
    const known = this.points.get(point.id);
    if (known && known.point !== point) throw new Error(`extension point "${point.id}" is declared twice`);
    this.points.set(point.id, { point, owner });
  }

  /**
   * Adds a plugin's contributions; the plugin must depend (directly or not) on each point's owner. A contribution to
   * a point whose owner is an optional dependency that is not loaded (`absentOptional`) is skipped.
   */
  add(
    plugin: string,
    contributions: readonly Contribution[],
    dependsOn: (owner: string) => boolean,
    absentOptional: (owner: string) => boolean = () => false,
  ): void {
    for (const c of contributions) {
      const declared = this.points.get(c.point.id);
      if (!declared && absentOptional(ownerOf(c.point))) continue;
      if (!declared)
        throw new Error(
          `${plugin}: extension point "${c.point.id}" is not declared by a loaded plugin (list it in its owner's points)`,
        );
      if (declared.owner !== 'kernel' && declared.owner !== plugin && !dependsOn(declared.owner)) {
        throw new Error(`${plugin}: registers into "${c.point.id}" but does not depend on "${declared.owner}"`);
      }
      const list = this.entries.get(c.point.id) ?? [];
      list.push({ plugin, value: c.value });
      this.entries.set(c.point.id, list);
    }
  }

  /** The values registered into a point, in plugin load order. */
  values<T>(point: ExtensionPoint<T>): T[] {
    return (this.entries.get(point.id) ?? []).map((e) => e.value as T);
  }

  /** The values with the plugin that registered each. */
  contributions<T>(point: ExtensionPoint<T>): { plugin: string; value: T }[] {
    return (this.entries.get(point.id) ?? []).map((e) => ({ plugin: e.plugin, value: e.value as T }));
  }

  /** The points a plugin registers into, with how many values it registered into each (`lci plugin list`). */
  contributedBy(plugin: string): { point: string; count: number }[] {
    const out: { point: string; count: number }[] = [];
    for (const [point, list] of this.entries) {
      const count = list.filter((e) => e.plugin === plugin).length;
      if (count) out.push({ point, count });
    }
    return out.sort((a, b) => a.point.localeCompare(b.point));
  }

  /** Every declared point with its owner and how many contributions it has (plugin guide, `lci plugin list`). */
  declared(): { id: string; owner: string; description: string; contributions: number }[] {
    return [...this.points.values()].map(({ point, owner }) => ({
      id: point.id,
      owner,
      description: point.description,
      contributions: this.entries.get(point.id)?.length ?? 0,
    }));
  }
}
