/**
 * The API region (platform.md 3, 9: US 1 ue1, EU 1 ec1, US 2 uw2; default ue1). The
 * registration lookup's multicast-regionCode sets it for the rest of the visit. One server
 * serves one region today (LCI_REGION), so every region maps to this origin; a code without
 * a mapping is logged (section 8 'Missing region mapping') and ignored.
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
