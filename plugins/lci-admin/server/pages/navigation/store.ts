/** SQL of modules (lci_modules), module views (module_views) and menu overrides (kernel_settings); navigation entries from the kernel. */
import {
  listNavItems as kernelNavItems,
  NAV_OVERRIDES_KEY,
  type NavOverrides,
  type Trx,
} from '../../../../../kernel/index';

export async function listModules(db: Trx): Promise<{ moniker: string; display_name: string; sort: number }[]> {
  return db('lci_modules').orderBy('sort').select('moniker', 'display_name', 'sort');
}

/** The updated module, or null when there is none of that moniker. */
export async function updateModule(
  db: Trx,
  moniker: string,
  fields: { display_name: string; sort: number },
): Promise<{ moniker: string; display_name: string; sort: number } | null> {
  const [row] = await db('lci_modules')
    .where({ moniker })
    .update(fields)
    .returning(['moniker', 'display_name', 'sort']);
  return row ?? null;
}

const VIEW_COLUMNS = ['module_view_id', 'text', 'modules', 'icon', 'disabled', 'sort'];

export async function listModuleViews(db: Trx): Promise<any[]> {
  return db('module_views').orderBy('sort').select(VIEW_COLUMNS);
}

/** The updated module view, or null when there is none of that id. */
export async function updateModuleView(
  db: Trx,
  moduleViewId: number,
  fields: { modules: string[]; icon: string; sort: number; disabled: boolean },
): Promise<any | null> {
  const [row] = await db('module_views').where({ module_view_id: moduleViewId }).update(fields).returning(VIEW_COLUMNS);
  return row ?? null;
}

/** Navigation entries of levels 1 and 2 as the plugins declared them. */
export async function listNavItems(db: Trx): Promise<any[]> {
  return kernelNavItems(db, { maxLevel: 2 });
}

export async function navItemExists(db: Trx, url: string): Promise<boolean> {
  return (await kernelNavItems(db, { url })).length > 0;
}

export async function readOverrides(db: Trx): Promise<NavOverrides> {
  const row = await db('kernel_settings').where({ key: NAV_OVERRIDES_KEY }).first('value');
  return (row?.value as NavOverrides | undefined) ?? {};
}

export async function writeOverrides(db: Trx, overrides: NavOverrides): Promise<void> {
  await db('kernel_settings')
    .insert({ key: NAV_OVERRIDES_KEY, value: JSON.stringify(overrides), updated_at: db.fn.now() })
    .onConflict('key')
    .merge();
}
