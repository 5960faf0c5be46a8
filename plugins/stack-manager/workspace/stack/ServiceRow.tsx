/**
 * One service of the Stack Manager's list: drag handle and move buttons (reorder; Alt+Arrow Up/Down on the focused
 * row), name and description, category, tags, products with the preferred star, usage, edit and delete. Read-only
 * pages show the row without any control that writes. Memoised: the list stays responsive with hundreds of services.
 */
import { Button, Icon, Tag, Tooltip } from '@blueprintjs/core';
import { memo, type DragEvent, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../customer-success/public.browser';
import type { DropPlacement } from '../../shared/stack-order';
import { TagChips } from './TagChips';
import type { StackService, StackTag } from './types';

export interface RowHandlers {
  onMove(serviceId: number, step: -1 | 1): void;
  onEdit(serviceId: number): void;
  onDelete(serviceId: number): void;
  onTagAdd(serviceId: number, tagId: number): void;
  onTagRemove(serviceId: number, tagId: number): void;
  onPreferred(serviceId: number, productId: number): void;
  onDragStart(serviceId: number): void;
  onDragOverRow(serviceId: number, zone: RowZone): void;
  onDropRow(serviceId: number): void;
  onDragEnd(): void;
}

interface Props {
  service: StackService;
  position: number;
  first: boolean;
  last: boolean;
  categoryName: string | null;
  tags: readonly StackTag[];
  readOnly: boolean;
  dropHint: DropPlacement | null;
  dragging: boolean;
  h: RowHandlers;
}

/** Where the pointer is over a row: its upper third, middle or lower third (the list turns it into a placement). */
export type RowZone = 'top' | 'middle' | 'bottom';
function zoneAt(e: DragEvent<HTMLElement>): RowZone {
  const r = e.currentTarget.getBoundingClientRect();
  const y = e.clientY - r.top;
  return y < r.height / 3 ? 'top' : y > (r.height * 2) / 3 ? 'bottom' : 'middle';
}

export const ServiceRow = memo(function ServiceRow({
  service: s,
  position,
  first,
  last,
  categoryName,
  tags,
  readOnly,
  dropHint,
  dragging,
  h,
}: Props) {
  const active = s.products.filter((p) => p.activeFlag === 1);
  const marked = s.products.length - active.length;
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (readOnly || e.target !== e.currentTarget || !e.altKey) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      h.onMove(s.serviceId, e.key === 'ArrowUp' ? -1 : 1);
    }
  };
  const cls = ['cs-stack-row', dragging ? 'is-dragging' : '', dropHint ? `drop-${dropHint}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={cls}
      aria-label={s.moniker}
      data-service-id={s.serviceId}
      data-testid="stack-service-row"
      tabIndex={0}
      onKeyDown={onKeyDown}
      draggable={!readOnly}
      onDragStart={
        readOnly
          ? undefined
          : (e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(s.serviceId));
              h.onDragStart(s.serviceId);
            }
      }
      onDragOver={
        readOnly
          ? undefined
          : (e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              h.onDragOverRow(s.serviceId, zoneAt(e));
            }
      }
      onDrop={
        readOnly
          ? undefined
          : (e) => {
              e.preventDefault();
              h.onDropRow(s.serviceId);
            }
      }
      onDragEnd={readOnly ? undefined : () => h.onDragEnd()}
    >
      {!readOnly && (
        <span className="cs-stack-handle" aria-hidden data-testid="drag-handle">
          <Icon icon="drag-handle-vertical" />
        </span>
      )}
      <span className="cs-stack-pos bp6-text-muted">{position}</span>
      <div className="cs-stack-main">
        <div className="cs-stack-name">{s.moniker}</div>
        {s.description && <div className="bp6-text-muted bp6-text-small cs-stack-desc">{s.description}</div>}
        <div className="cs-stack-meta">
          {categoryName && (
            <Tag minimal icon="folder-close" className="cs-stack-category">
              {categoryName}
            </Tag>
          )}
          <TagChips
            tagIds={s.tagIds}
            tags={tags}
            serviceName={s.moniker}
            editable={!readOnly}
            onAdd={(t) => h.onTagAdd(s.serviceId, t)}
            onRemove={(t) => h.onTagRemove(s.serviceId, t)}
          />
        </div>
        {active.length > 0 && (
          <div className="cs-stack-products" aria-label={`Products of ${s.moniker}`}>
            {active.map((p) => (
              <span key={p.productId} className="cs-stack-product">
                <Button
                  size="small"
                  variant="minimal"
                  icon={p.preferredFlag === 1 ? 'star' : 'star-empty'}
                  intent={p.preferredFlag === 1 ? 'warning' : 'none'}
                  disabled={readOnly}
                  aria-pressed={p.preferredFlag === 1}
                  aria-label={`Preferred product ${p.moniker}`}
                  title={p.preferredFlag === 1 ? 'Preferred product' : 'Mark as preferred'}
                  onClick={() => h.onPreferred(s.serviceId, p.productId)}
                />
                {p.moniker}
              </span>
            ))}
            {marked > 0 && <span className="bp6-text-muted bp6-text-small">{marked} marked for deletion</span>}
          </div>
        )}
      </div>
      <div className="cs-stack-usage bp6-text-small">
        <Tooltip
          content={
            s.companyNames.length
              ? s.companyNames.slice(0, 20).join(', ') + (s.companyNames.length > 20 ? ', …' : '')
              : 'No company uses it yet'
          }
          placement="left"
        >
          <span tabIndex={0}>{`Used by ${s.servicesUsed}`}</span>
        </Tooltip>
        <span className="bp6-text-muted">{`MRR opportunity ${formatMoney(s.totMrrOpp)}`}</span>
      </div>
      {!readOnly && (
        <div className="cs-stack-actions">
          <Button
            size="small"
            variant="minimal"
            icon="arrow-up"
            aria-label={`Move ${s.moniker} up`}
            disabled={first}
            onClick={() => h.onMove(s.serviceId, -1)}
          />
          <Button
            size="small"
            variant="minimal"
            icon="arrow-down"
            aria-label={`Move ${s.moniker} down`}
            disabled={last}
            onClick={() => h.onMove(s.serviceId, 1)}
          />
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            aria-label={`Edit ${s.moniker}`}
            onClick={() => h.onEdit(s.serviceId)}
          />
          <Button
            size="small"
            variant="minimal"
            icon="trash"
            intent="danger"
            aria-label={`Delete ${s.moniker}`}
            onClick={() => h.onDelete(s.serviceId)}
          />
        </div>
      )}
    </li>
  );
});
