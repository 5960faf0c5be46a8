/** Field vocabularies of an asset, shared by the server and the browser. */

export const ASSET_SOURCES = ['manual', 'csv', 'psa', 'rmm'] as const;
export type AssetSource = (typeof ASSET_SOURCES)[number];
export const ASSET_SOURCE_LABELS: Record<AssetSource, string> = {
  manual: 'Manual',
  csv: 'CSV import',
  psa: 'PSA',
  rmm: 'RMM',
};

export const ASSET_MESSAGES = {
  notFound: 'Asset not found',
  stale: 'This asset was changed by someone else; reload it and try again.',
  duplicateSerial: 'Another asset of this tenant has this make and serial number.',
  bulkNotFound: 'One or more assets were not found; nothing was changed.',
  confirm: 'Confirm the deletion with confirm=true.',
} as const;
