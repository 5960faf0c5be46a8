/** API regions (platform.md section 9). */
export const REGIONS = { ue1: 'US 1', ec1: 'EU 1', uw2: 'US 2' } as const;
export type RegionCode = keyof typeof REGIONS;
export const DEFAULT_REGION: RegionCode = 'ue1';

/**
 * LCI_REGION_URLS: the API origin of each region's deployment, `code=https://host[,code=https://host...]`
 * (platform.md 9; one deployment per region, docs/regions.md). Answers the map, or throws with what is wrong.
 */
export function parseRegionUrls(value: string | undefined): Partial<Record<RegionCode, string>> {
  const out: Partial<Record<RegionCode, string>> = {};
  for (const part of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const code = (eq > 0 ? part.slice(0, eq) : '').trim();
    const url = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!(code in REGIONS))
      throw new Error(
        `has ${JSON.stringify(part)}: each entry is region=origin with a region of ${Object.keys(REGIONS).join(', ')}`,
      );
    let u: URL | null = null;
    try {
      u = new URL(url);
    } catch {
      /* refused below */
    }
    if (!u || !['http:', 'https:'].includes(u.protocol) || u.origin !== url.replace(/\/$/, ''))
      throw new Error(`has ${JSON.stringify(part)}: the URL must be an origin like https://eu.example.com`);
    if (out[code as RegionCode]) throw new Error(`names the region ${code} twice`);
    out[code as RegionCode] = u.origin;
  }
  return out;
}
