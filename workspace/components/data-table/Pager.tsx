/**
 * The DataTable's paging bar for server-paged tables: "1–100 of 2,340 assets", previous / next page, the page of
 * pages and the page size. `noun`: the singular and plural of a row ('asset', 'assets'), which also name the bar
 * ("Asset pages") and the size choice ("Assets per page").
 */
import { Button, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface DataTablePaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onChange(page: number, pageSize: number): void;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function countText(total: number, noun: readonly [string, string], paging?: DataTablePaging): string {
  const n = total === 1 ? noun[0] : noun[1];
  if (!paging) return `${total.toLocaleString()} ${n}`;
  const first = total === 0 ? 0 : (paging.page - 1) * paging.pageSize + 1;
  const last = Math.min(total, paging.page * paging.pageSize);
  return `${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()} ${n}`;
}

export function Pager({
  paging,
  noun,
  extra,
  label,
}: {
  paging: DataTablePaging;
  noun: readonly [string, string];
  extra?: ReactNode;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  return (
    <nav className="lci-dt-pager" aria-label={label ?? `${capital(noun[0])} pages`}>
      <span className="lci-dt-count" aria-live="polite">
        {countText(paging.total, noun, paging)}
        {extra}
      </span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label="Previous page"
        disabled={paging.page <= 1}
        onClick={() => paging.onChange(paging.page - 1, paging.pageSize)}
      />
      <span>
        Page {paging.page} of {pages}
      </span>
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label="Next page"
        disabled={paging.page >= pages}
        onClick={() => paging.onChange(paging.page + 1, paging.pageSize)}
      />
      {paging.pageSizes && paging.pageSizes.length > 1 && (
        <HTMLSelect
          aria-label={`${capital(noun[1])} per page`}
          value={paging.pageSize}
          onChange={(e) => paging.onChange(1, Number(e.target.value))}
          options={paging.pageSizes.map((n) => ({ value: n, label: `${n} per page` }))}
        />
      )}
    </nav>
  );
}
