/**
 * Tiles of the company detail page and their order, saved per user. A saved order is merged with the
 * tiles the page knows: unknown codes are dropped, duplicates kept once, tiles missing from the saved
 * order follow in their default order (so a tile added later still shows).
 */

export const DETAIL_TILES = ['details', 'profile', 'headlines', 'scores', 'goals', 'contracts', 'links'] as const;
export type DetailTile = (typeof DETAIL_TILES)[number];

export const DETAIL_TILE_TITLES: Record<DetailTile, string> = {
  details: 'Details',
  profile: 'Profile',
  headlines: 'Headlines',
  scores: 'Health and Effort',
  goals: 'Goals',
  contracts: 'Contracts',
  links: 'Links',
};

export const isDetailTile = (s: string): s is DetailTile => (DETAIL_TILES as readonly string[]).includes(s);

export function normalizeTileOrder(saved: readonly string[] | null | undefined): DetailTile[] {
  const out: DetailTile[] = [];
  for (const code of saved ?? []) if (isDetailTile(code) && !out.includes(code)) out.push(code);
  for (const code of DETAIL_TILES) if (!out.includes(code)) out.push(code);
  return out;
}

/** Moves a tile one place up (-1) or down (+1); unchanged at the ends. */
export function moveTile(order: readonly DetailTile[], tile: DetailTile, by: -1 | 1): DetailTile[] {
  const i = order.indexOf(tile);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  const next = [...order];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
