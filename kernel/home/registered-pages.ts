/** The urls of every page and menu entry this kernel serves (the kernel's own and each loaded plugin's). */
import { catalogRows } from '../access/catalog';
import type { Kernel } from '../kernel';

export function registeredPageUrls(k: Pick<Kernel, 'plugins'>): Set<string> {
  return new Set(catalogRows(k.plugins).map((r) => r.url));
}
