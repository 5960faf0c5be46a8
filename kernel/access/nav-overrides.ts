/**
 * Overrides of the navigation catalogue that internal staff set (/lciadmin/menu): a title, a sort or
 * hiding an entry, by url. Plugins declare their entries (catalog.ts upserts them on every start), so
 * edits are kept apart, in kernel_settings under NAV_OVERRIDES_KEY, and applied when the catalogue is read.
 */
import type { Trx } from '../db/database';
import type { NavItem } from './navigation';

export const NAV_OVERRIDES_KEY = 'nav_overrides';
export interface NavOverride {
  title?: string;
  sort?: number;
  hidden?: boolean;
}
export type NavOverrides = Record<string, NavOverride>;

/** The catalogue with overrides applied; hidden entries are dropped (pure). */
export function applyNavOverrides(items: NavItem[], overrides: NavOverrides): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    const o = Object.hasOwn(overrides, item.url) ? overrides[item.url] : undefined;
    if (!o) {
      out.push(item);
      continue;
    }
    if (o.hidden) continue;
    out.push({
      ...item,
      ...(o.title ? { title: o.title } : {}),
      ...(typeof o.sort === 'number' ? { sort: o.sort } : {}),
    });
  }
  return out;
}

export async function loadNavOverrides(trx: Trx): Promise<NavOverrides> {
  const row = await trx('kernel_settings').where({ key: NAV_OVERRIDES_KEY }).first('value');
  const v = row?.value;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as NavOverrides) : {};
}
