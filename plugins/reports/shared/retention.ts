/**
 * How long an export stays in the report locker (its file in storage and its saved_reports row): `expires_at` is set
 * this many days after the export; a daily purge removes what has expired. The spec gives no period (README.md
 * "## Locker and CSV").
 */
export const REPORT_RETENTION_DAYS = 90;

/** The expiry of a report saved at `from`. */
export const reportExpiry = (from: Date = new Date()): Date =>
  new Date(from.getTime() + REPORT_RETENTION_DAYS * 86_400_000);
