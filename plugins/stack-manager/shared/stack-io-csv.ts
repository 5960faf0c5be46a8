/**
 * `lci stack export --format csv`: the stack document as one spreadsheet row per product (the service's columns
 * repeated on each; a service without products gets one row with empty product columns). For reading and
 * filtering in a spreadsheet; `lci stack import` reads the JSON document only. Pure.
 */
import { csvField, safeText } from './stack-csv';
import type { StackDocument } from './stack-io';

export const STACK_CSV_COLUMNS = [
  'service',
  'service_description',
  'category',
  'tags',
  'service_sort',
  'service_order',
  'default_applicable',
  'default_alignment',
  'default_part_of_contract',
  'default_charge_estimate',
  'default_calc_type',
  'product',
  'product_description',
  'calc_type',
  'charge_estimate',
  'preferred',
  'product_active',
  'product_sort',
] as const;

/** Tags of a service in one cell. */
const TAG_SEPARATOR = '; ';

const yesNo = (v: 0 | 1 | undefined): string => (v === undefined ? '' : v === 1 ? 'yes' : 'no');
const num = (v: number | undefined): string => (v === undefined ? '' : String(v));
const money = (v: number | undefined): string => (v === undefined ? '' : v.toFixed(2));

/** The rows (header first) as cell texts. Text cells a spreadsheet would run as formulas get a leading apostrophe. */
export function stackCsvTable(doc: StackDocument): string[][] {
  const rows: string[][] = [[...STACK_CSV_COLUMNS]];
  for (const s of doc.services) {
    const service = [
      safeText(s.moniker),
      safeText(s.description ?? ''),
      safeText(s.category ?? ''),
      safeText((s.tags ?? []).join(TAG_SEPARATOR)),
      num(s.sort),
      num(s.order),
      yesNo(s.defaultApplicableFlag),
      s.defaultAlignment ?? '',
      yesNo(s.defaultPartOfContractFlag),
      money(s.defaultChargeEstimate),
      s.defaultCalcType ?? '',
    ];
    const products = s.products ?? [];
    if (!products.length) rows.push([...service, '', '', '', '', '', '', '']);
    for (const p of products) {
      rows.push([
        ...service,
        safeText(p.moniker),
        safeText(p.description ?? ''),
        p.calcType,
        money(p.chargeEstimate),
        yesNo(p.preferredFlag ?? 0),
        yesNo(p.activeFlag ?? 1),
        num(p.sort),
      ]);
    }
  }
  return rows;
}

/** CSV text (CRLF line ends, RFC 4180 quoting). */
export function stackCsv(doc: StackDocument): string {
  return (
    stackCsvTable(doc)
      .map((r) => r.map(csvField).join(','))
      .join('\r\n') + '\r\n'
  );
}
