/**
 * The API region (platform.md 3, 9: US 1 ue1, EU 1 ec1, US 2 uw2; default ue1). The registration lookup's
 * multicast-regionCode sets it for the rest of the visit. A deployment serves one region (LCI_REGION) and names the
 * API origin of every region's deployment (LCI_REGION_URLS, served in the public config as regionUrls): the
 * workspace sends its calls to the tenant's region (signed in: the session's tenant; before: the chosen region,
 * else the deployment's). A region this deployment serves, or one without a mapping, stays on this origin; a code
 * without a mapping is logged (section 8 'Missing region mapping'). docs/regions.md.
 */
export const API_REGIONS: Record<string, string> = { ue1: 'US 1', ec1: 'EU 1', uw2: 'US 2' };
const KEY = 'lci.apiRegion';

export function setApiRegion(code: string | null | undefined): boolean {
  if (!code) return false;
  if (!(code in API_REGIONS)) {
    console.warn('Missing region mapping', code);
    return false;
  }
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    /* storage unavailable */
  }
  return true;
}

/** The chosen region, or the server's (public config) when none was chosen. */
export function apiRegion(fallback = 'ue1'): string {
  try {
    return sessionStorage.getItem(KEY) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The region the workspace's calls go to: the signed-in tenant's, else the chosen one, else the deployment's. */
export function callRegion(
  tenantRegion: string | null | undefined,
  chosen: string | null,
  deploymentRegion: string,
): string {
  return tenantRegion || chosen || deploymentRegion;
}

/**
 * The origin to prefix to API paths for a region: '' (this origin) when the region is this deployment's, has no
 * mapping, or maps to this origin; the other deployment's origin otherwise.
 */
export function regionApiBase(
  cfg: { region: string; regionUrls?: Record<string, string> } | null,
  region: string,
  here: string,
  log: (message: string, code: string) => void = (m, c) => console.warn(m, c),
): string {
  if (!cfg || region === cfg.region) return '';
  const url = cfg.regionUrls?.[region];
  if (!url) {
    if (cfg.regionUrls && Object.keys(cfg.regionUrls).length) log('Missing region mapping', region);
    return '';
  }
  try {
    const origin = new URL(url).origin;
    return origin === here ? '' : origin;
  } catch {
    log('Missing region mapping', region);
    return '';
  }
}
