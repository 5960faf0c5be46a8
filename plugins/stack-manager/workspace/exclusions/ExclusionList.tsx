/**
 * One of the two lists of the page (excluded vendors or excluded accounts): the first 6 rows, then an ellipsis whose
 * tooltip names the rest. Rows marked for removal are struck through; rows not saved yet carry a "New" tag.
 */
import { Button, Card, Tag, Tooltip } from '@blueprintjs/core';
import { exclusionValue, type ExclusionType } from '../../shared/contract-exclusion';
import { exclusionListDisplay } from '../../shared/contract-exclusion-display';
import { isNewRow, rowsOfType, type ExclusionDraftRow } from '../../shared/contract-exclusion-edit';
import { EXCLUSION_TITLES } from './titles';

function RowText({ row }: { row: ExclusionDraftRow }) {
  const v = exclusionValue(row);
  if (row.activeFlag === 0)
    return (
      <s className="cs-excl-removed" aria-label={`${v} (marked for removal)`}>
        {v}
      </s>
    );
  return (
    <span>
      {v}
      {isNewRow(row) && (
        <Tag minimal intent="primary" className="cs-excl-new">
          New
        </Tag>
      )}
    </span>
  );
}

export function ExclusionList({
  type,
  rows,
  readOnly,
  onEdit,
}: {
  type: ExclusionType;
  rows: ExclusionDraftRow[];
  readOnly: boolean;
  onEdit(): void;
}) {
  const title = EXCLUSION_TITLES[type];
  const { shown, hidden } = exclusionListDisplay(rowsOfType(rows, type), exclusionValue);
  return (
    <Card className="cs-excl-card" aria-label={title.list} role="region">
      <div className="cs-section-head">
        <h3 className="bp6-heading">{title.list}</h3>
        {!readOnly && <Button icon="edit" text="Edit" aria-label={`Edit ${title.list}`} onClick={onEdit} />}
      </div>
      {shown.length === 0 ? (
        <p className="bp6-text-muted">{title.empty}</p>
      ) : (
        <ul className="cs-excl-list" aria-label={title.list}>
          {shown.map((r) => (
            <li key={r.key}>
              <RowText row={r} />
            </li>
          ))}
          {hidden.length > 0 && (
            <li>
              <Tooltip
                content={
                  <ul className="cs-excl-tooltip">
                    {hidden.map((r) => (
                      <li key={r.key}>
                        <RowText row={r} />
                      </li>
                    ))}
                  </ul>
                }
                placement="bottom"
              >
                <span
                  className="cs-excl-more"
                  tabIndex={0}
                  aria-label={`${hidden.length} more: ${hidden.map(exclusionValue).join(', ')}`}
                >
                  … {hidden.length} more
                </span>
              </Tooltip>
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}
