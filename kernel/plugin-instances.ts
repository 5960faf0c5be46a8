/**
 * Per-kernel plugin state: runs every plugin's `setup` in load order, keeps the instances, collects the plugins'
 * registrations into extension points, and gives the kernel `instance`, `extensions`, `hasPlugin` and the stop step.
 */
import type { Kernel } from './kernel';
import { ExtensionRegistry } from './extensions';
import { contributionsOf, type LoadedPlugin, type PluginInstance } from './plugin';
import { KERNEL_POINTS } from './points';

interface PluginInstances {
  /** Runs setups and collects registrations; returns the step that stops every instance (reverse order). */
  setup(): Promise<() => Promise<void>>;
  of(pluginId: string): unknown;
}

/** Every loaded plugin `id` depends on (dependsOn or a present optionalDependsOn), directly or through others. */
function dependencyClosure(plugins: readonly LoadedPlugin[], id: string): Set<string> {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const out = new Set<string>();
  const visit = (pid: string) => {
    const p = byId.get(pid);
    for (const d of [...(p?.dependsOn ?? []), ...(p?.optionalDependsOn ?? []).filter((o) => byId.has(o))])
      if (!out.has(d)) {
        out.add(d);
        visit(d);
      }
  };
  visit(id);
  return out;
}

/** Attaches `points`, `extensions`, `instance` and `hasPlugin` to the kernel object; `setup()` fills them. */
export function setUpPlugins(k: Kernel): PluginInstances {
  const registry = new ExtensionRegistry();
  const instances = new Map<string, unknown>();
  const loaded = new Set(k.plugins.map((p) => p.id));
  for (const point of KERNEL_POINTS) registry.declare(point, 'kernel');
  for (const p of k.plugins) for (const point of p.points ?? []) registry.declare(point, p.id);
  k.points = registry;
  k.extensions = (point) => registry.values(point);
  k.hasPlugin = (id) => loaded.has(id);
  k.instance = <I>(id: string): I => {
    if (!loaded.has(id)) throw new Error(`plugin "${id}" is not loaded`);
    if (!instances.has(id)) throw new Error(`plugin "${id}" has no instance yet (asked before its setup ran)`);
    return instances.get(id) as I;
  };
  return {
    of: (id) => instances.get(id),
    async setup() {
      const started: LoadedPlugin[] = [];
      try {
        for (const p of k.plugins) {
          instances.set(p.id, p.setup ? p.setup(k) : undefined);
          started.push(p);
        }
        for (const p of k.plugins) {
          const list = contributionsOf(p.extend, { k, self: instances.get(p.id) });
          const deps = dependencyClosure(k.plugins, p.id);
          const absent = new Set((p.optionalDependsOn ?? []).filter((o) => !loaded.has(o)));
          registry.add(
            p.id,
            list,
            (owner) => deps.has(owner),
            (owner) => absent.has(owner),
          );
        }
      } catch (e) {
        await stopAll(started);
        throw e;
      }
      return () => stopAll(started);
    },
  };

  async function stopAll(started: LoadedPlugin[]): Promise<void> {
    for (const p of [...started].reverse()) {
      const inst = instances.get(p.id) as PluginInstance | undefined;
      if (inst && typeof inst.stop === 'function') {
        try {
          await inst.stop();
        } catch (e) {
          k.log.warn({ err: e, plugin: p.id }, 'plugin instance stop failed');
        }
      }
    }
  }
}
