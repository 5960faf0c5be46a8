/** The names a new plugin's files use, all derived from its id (`demo-area` -> DemoArea, demo_area_items, /demo-area). */

export interface PluginNames {
  /** The plugin id: lowercase letters, digits and dashes (`demo-area`). */
  id: string;
  /** `DemoArea`: types and components. */
  pascal: string;
  /** `demoArea`: values. */
  camel: string;
  /** `Demo Area`: titles shown to people. */
  title: string;
  /** `demo_area_items`: the tenant table of the example items. */
  table: string;
  /** `/demo-area`: the page url (also its permission key) and the workspace route. */
  page: string;
  /** `/v3/tenant/:tenantId/demo-area/items`: the items' API path. */
  itemsPath: string;
  /** `demo-area.itemChecks`: the example extension point. */
  pointId: string;
}

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Why `id` cannot name a plugin, or null when it can. */
export function idProblem(id: string): string | null {
  if (!id) return 'a plugin id is required';
  if (id.length > 40) return `plugin id "${id}" is longer than 40 characters`;
  if (!ID.test(id))
    return `plugin id "${id}" must be lowercase letters, digits and single dashes, starting with a letter (e.g. demo-area)`;
  return null;
}

export function pluginNames(id: string): PluginNames {
  const words = id.split('-');
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const pascal = words.map(cap).join('');
  return {
    id,
    pascal,
    camel: pascal.charAt(0).toLowerCase() + pascal.slice(1),
    title: words.map(cap).join(' '),
    table: `${words.join('_')}_items`,
    page: `/${id}`,
    itemsPath: `/v3/tenant/:tenantId/${id}/items`,
    pointId: `${id}.itemChecks`,
  };
}
