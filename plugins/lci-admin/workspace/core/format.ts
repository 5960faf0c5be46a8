/** Date display of the admin pages: yyyy-mm-dd hh:mm in the browser's time zone; empty shows a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
export const formatDate = (iso: string | null | undefined) => formatDateTime(iso).slice(0, 10);
