/**
 * One rendered component of a report: a card with its title, a needs_attention warning tag with the reason, and its
 * blocks. The preview and Review mode show these in order; `selected` and `onSelect` serve the designer.
 */
import { Card, Tag, Tooltip } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { RenderedComponent } from '../../shared/rendered';
import { BlockView } from './BlockView';
import './blocks.css';

export interface ComponentCardProps {
  component: RenderedComponent;
  /** Marks needs_attention strongly (Review mode). */
  highlight?: boolean;
  selected?: boolean;
  onSelect?: () => void;
  /** Tools shown in the card's header (designer). */
  tools?: ReactNode;
}

export function ComponentCard({ component: c, highlight, selected, onSelect, tools }: ComponentCardProps) {
  const attention = c.needs_attention;
  return (
    <Card
      className={[
        'lci-report-card',
        selected ? 'lci-selected' : '',
        attention && highlight ? 'lci-needs-attention' : '',
      ].join(' ')}
      aria-label={c.title}
      role="region"
      onClick={onSelect}
      selected={selected}
      interactive={!!onSelect}
    >
      <div className="lci-report-card-header">
        <h3 className="bp6-heading">{c.title}</h3>
        {attention && (
          <Tooltip content={attention}>
            <Tag intent="warning" icon="warning-sign" minimal={!highlight} tabIndex={0}>
              Needs attention: {attention}
            </Tag>
          </Tooltip>
        )}
        {tools && <div className="lci-report-card-tools">{tools}</div>}
      </div>
      {c.blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </Card>
  );
}
