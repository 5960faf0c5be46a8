/**
 * What other plugins' server code may use of `assets` (they list 'assets' in dependsOn and import only this file;
 * their pages import ./public.browser.ts): everything of the browser-safe surface, and the table to reference.
 */
export * from './public.browser';

/** The table other plugins may reference with tenantForeignKey (tenant_id plus asset_id). */
export const ASSET_TABLES = {
  assets: { table: 'assets', id: 'asset_id' },
} as const;
