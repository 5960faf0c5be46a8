/**
 * A component type as the builder uses it: what a plugin registers (ReportComponentDef) plus where it comes from,
 * whether it can show data now, and the rules this plugin's own types add (content cleaned on write, the kind of
 * file a fileKey must hold).
 */
import type { ReportComponentDef } from '../../shared/component-def';
import type { ComponentProperties } from '../../shared/components';

type ComponentOrigin = 'builtIn' | 'spec' | 'plugin';

export interface BuilderComponentDef extends ReportComponentDef {
  origin: ComponentOrigin;
  /** False: a spec type whose source plugin has not registered it (it may still be added; it shows `reason`). */
  available: boolean;
  reason: string | null;
  /** Cleans the properties on every write (wysiwyg: the content sanitised). */
  normalize?(properties: ComponentProperties): ComponentProperties;
  /** The content types an uploaded file of this type may have (img_file, msword_file). */
  fileTypes?: readonly string[];
}
