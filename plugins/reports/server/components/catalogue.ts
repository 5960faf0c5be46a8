/**
 * The component types of the builder, read at call time: this plugin's own (wysiwyg, img_file, msword_file), the
 * spec's sourced types (a placeholder that answers needs_attention and an empty state until their source plugin
 * registers the type through `reports.components`), and every other type registered there. A registration that
 * reuses a built-in type or an invalid key is ignored; the first registration of a type wins.
 */
import type { Kernel } from '../../../../kernel/index';
import { reportComponentsPoint } from '../../public';
import type { ComponentProperties } from '../../shared/components';
import { SOURCED_COMPONENT_TYPES, SPEC_COMPONENT_TYPES, msgSourceMissing } from '../../shared/components';
import type { ReportComponentDef } from '../../shared/component-def';
import { imgFileComponent, mswordFileComponent } from './files';
import type { BuilderComponentDef } from './types';
import { wysiwygComponent } from './wysiwyg';

const TYPE_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const BUILT_IN: Record<string, BuilderComponentDef> = {
  wysiwyg: wysiwygComponent,
  img_file: imgFileComponent,
  msword_file: mswordFileComponent,
};

export const MSG_TYPE_GONE = 'This component type is no longer available; remove the component or enable its source.';
export const msgNeedsModule = (module: string) => `This component needs the ${module} module.`;

/** The placeholder of a sourced spec type nobody registered. */
function sourcedPlaceholder(type: string): BuilderComponentDef {
  const s = SOURCED_COMPONENT_TYPES[type]!;
  const reason = msgSourceMissing(s.source);
  return {
    type,
    label: s.label,
    description: `${s.label} from ${s.source}.`,
    group: s.group,
    perCompany: true,
    origin: 'spec',
    available: false,
    reason,
    needsAttention: () => reason,
    async build() {
      return [{ kind: 'empty', title: `${s.source} is not available`, message: reason }];
    },
  };
}

/** Every component type, in the flyout's order (the spec's types first). */
export function componentCatalogue(k: Kernel): BuilderComponentDef[] {
  const registered = new Map<string, ReportComponentDef>();
  for (const def of k.extensions(reportComponentsPoint))
    if (TYPE_KEY.test(def.type) && !BUILT_IN[def.type] && !registered.has(def.type)) registered.set(def.type, def);
  const out: BuilderComponentDef[] = [];
  for (const type of SPEC_COMPONENT_TYPES) {
    if (BUILT_IN[type]) out.push(BUILT_IN[type]);
    else {
      const def = registered.get(type);
      out.push(def ? { ...def, origin: 'spec', available: true, reason: null } : sourcedPlaceholder(type));
    }
  }
  for (const [type, def] of registered)
    if (!(SPEC_COMPONENT_TYPES as readonly string[]).includes(type))
      out.push({ ...def, origin: 'plugin', available: true, reason: null });
  return out;
}

export function catalogueMap(k: Kernel): Map<string, BuilderComponentDef> {
  return new Map(componentCatalogue(k).map((d) => [d.type, d]));
}

/** Whether the caller's (or tenant's) modules allow the type; `modules` undefined: no check (jobs, exports). */
export function typeAllowed(def: BuilderComponentDef, modules: readonly string[] | undefined): boolean {
  return !def.module || !modules || modules.includes(def.module);
}

/** Why a component cannot render as configured, or null (a type's own check may not throw the page down). */
export function needsAttention(
  def: BuilderComponentDef | undefined,
  properties: ComponentProperties,
  modules: readonly string[] | undefined,
): string | null {
  if (!def) return MSG_TYPE_GONE;
  if (!typeAllowed(def, modules)) return msgNeedsModule(def.module!);
  try {
    return def.needsAttention?.(properties) ?? (def.available ? null : def.reason);
  } catch {
    return 'This component cannot check its settings right now.';
  }
}
