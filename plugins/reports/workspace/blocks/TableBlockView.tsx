/** A table block: the tenant's currency, date and number formats per column; numbers right-aligned. */
import { HTMLTable } from '@blueprintjs/core';
import { useTenantFormat } from '../../../../workspace/sdk';
import type { TableBlock } from '../../shared/blocks';
import { alignsRight, formatCell } from '../../shared/cell-format';

export function TableBlockView({ block }: { block: TableBlock }) {
  const f = useTenantFormat();
  return (
    <div className="lci-report-table">
      {block.title && <h4 className="bp6-heading">{block.title}</h4>}
      {block.rows.length === 0 ? (
        <p className="bp6-text-muted">No rows to show.</p>
      ) : (
        <HTMLTable compact striped aria-label={block.title ?? 'Table'}>
          <thead>
            <tr>
              {block.columns.map((c) => (
                <th key={c.key} scope="col" className={alignsRight(c.format) ? 'lci-num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, i) => (
              <tr key={i}>
                {block.columns.map((c) => (
                  <td key={c.key} className={alignsRight(c.format) ? 'lci-num' : undefined}>
                    {formatCell(row[c.key], c.format, f)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
