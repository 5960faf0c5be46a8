/** Map of every Blueprint icon path module (one tiny chunk per icon); itself a lazy chunk. */
import type { IconName, IconPaths } from '@blueprintjs/icons';

type PathsModule = { default: IconPaths };
const p16 = import.meta.glob<PathsModule>('../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js');
const p20 = import.meta.glob<PathsModule>('../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js');

export async function loadIconPaths(name: IconName, size: 16 | 20): Promise<IconPaths> {
  const table = size === 20 ? p20 : p16;
  const load = table[`../node_modules/@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`];
  return load ? (await load()).default : [];
}
