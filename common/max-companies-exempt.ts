/**
 * Guard step 15's exempt pages (platform.md section 4.7), exactly as listed there: open above the plan's company
 * limit, in the workspace (workspace/guard.ts) and for writes on the server (the billing plugin's write guard), so
 * that a page the shell shows is never one whose saves the API refuses. Pure: no browser or server imports.
 */
export const MAX_COMPANIES_EXEMPT_PAGES = [
  'support',
  'subscriptionViolation',
  'accountsettings',
  'integrations',
  'connectwise',
  'itglue',
  'profile',
  'datamanager',
  'datamanagercompanies',
];

/** True when a path is one of the step-15 exempt pages (any path segment, case-insensitive). */
export function isMaxCompaniesExempt(path: string): boolean {
  const segs = path
    .split(/[/?#]/)
    .filter(Boolean)
    .map((s) => s.toLowerCase());
  return MAX_COMPANIES_EXEMPT_PAGES.some((p) => segs.includes(p.toLowerCase()));
}
