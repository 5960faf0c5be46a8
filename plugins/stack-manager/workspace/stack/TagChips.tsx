/** A service's tags as coloured chips; editable: a remove button on each and a menu to add more. */
import { Button, Checkbox, Menu, Popover, Tag } from '@blueprintjs/core';
import { memo } from 'react';
import type { StackTag } from './types';

/** Black or white text, whichever reads better on the tag's colour. */
export function textOn(color: string): string {
  const n = parseInt(color.slice(1), 16);
  if (!/^#[0-9a-f]{6}$/i.test(color)) return '#fff';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? '#1c2127' : '#fff';
}

export function TagChip({ tag, onRemove }: { tag: StackTag; onRemove?: () => void }) {
  return (
    <Tag
      round
      style={{ background: tag.color, color: textOn(tag.color) }}
      className="cs-stack-tag"
      onRemove={onRemove ? () => onRemove() : undefined}
      data-tag-id={tag.tagId}
    >
      {tag.moniker}
    </Tag>
  );
}

interface Props {
  tagIds: readonly number[];
  tags: readonly StackTag[];
  serviceName: string;
  editable: boolean;
  onAdd(tagId: number): void;
  onRemove(tagId: number): void;
}

export const TagChips = memo(function TagChips({ tagIds, tags, serviceName, editable, onAdd, onRemove }: Props) {
  const byId = new Map(tags.map((t) => [t.tagId, t]));
  return (
    <span className="cs-stack-tags">
      {tagIds
        .map((id) => byId.get(id))
        .filter((t): t is StackTag => Boolean(t))
        .map((t) => (
          <TagChip key={t.tagId} tag={t} onRemove={editable ? () => onRemove(t.tagId) : undefined} />
        ))}
      {editable && tags.length > 0 && (
        <Popover
          placement="bottom-start"
          content={
            <Menu aria-label={`Tags of ${serviceName}`} className="cs-stack-tag-menu">
              {tags.map((t) => (
                <li key={t.tagId}>
                  <Checkbox
                    checked={tagIds.includes(t.tagId)}
                    label={t.moniker}
                    onChange={() => (tagIds.includes(t.tagId) ? onRemove(t.tagId) : onAdd(t.tagId))}
                  />
                </li>
              ))}
            </Menu>
          }
        >
          <Button size="small" variant="minimal" icon="tag" aria-label={`Edit tags of ${serviceName}`} />
        </Popover>
      )}
    </span>
  );
});
