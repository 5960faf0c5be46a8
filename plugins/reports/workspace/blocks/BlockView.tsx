/**
 * Renders one block of the report model (shared/blocks.ts) in the builder's preview and the presentation. Rich text
 * comes sanitised from the server (its `html` field is the only markup rendered as HTML); charts are vega-lite drawn
 * by the workspace's lazily loaded VegaChart; images and Word files use the signed link the preview carries.
 */
import { AnchorButton, Icon, NonIdealState } from '@blueprintjs/core';
import type { VisualizationSpec } from 'vega-embed';
import { VegaChart } from '../../../../workspace/sdk';
import type { ReportBlock } from '../../shared/blocks';
import { MetricsBlockView } from './MetricsBlockView';
import { TableBlockView } from './TableBlockView';

export function BlockView({ block }: { block: ReportBlock }) {
  switch (block.kind) {
    case 'heading': {
      const Tag = (['h2', 'h3', 'h4'] as const)[block.level - 1];
      return <Tag className="bp6-heading lci-report-heading">{block.text}</Tag>;
    }
    case 'richText':
      // Sanitised on the server (shared/rich-text.ts): the only HTML this plugin renders.
      return <div className="lci-report-richtext" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'paragraph':
      return <p className="lci-report-paragraph">{block.text}</p>;
    case 'table':
      return <TableBlockView block={block} />;
    case 'chart':
      return (
        <div className="lci-report-chart">
          {block.title && <h4 className="bp6-heading">{block.title}</h4>}
          <VegaChart spec={block.spec as VisualizationSpec} label={block.alt || block.title || 'Chart'} />
        </div>
      );
    case 'image':
      return block.url ? (
        <img className="lci-report-image" src={block.url} alt={block.alt ?? block.fileName} />
      ) : (
        <p className="bp6-text-muted">
          <Icon icon="media" /> {block.fileName} (no preview link)
        </p>
      );
    case 'wordFile':
      return (
        <div className="lci-report-wordfile">
          <Icon icon="document" size={20} aria-hidden />
          <span>{block.fileName}</span>
          {block.url && (
            <AnchorButton
              variant="minimal"
              icon="download"
              href={block.url}
              target="_blank"
              rel="noopener"
              text="Download"
              aria-label={`Download ${block.fileName}`}
            />
          )}
          <span className="bp6-text-muted">Appended to the Word export.</span>
        </div>
      );
    case 'metrics':
      return <MetricsBlockView block={block} />;
    case 'empty':
      return (
        <NonIdealState
          className="lci-report-empty"
          icon="issue"
          title={block.title}
          description={block.message}
          layout="horizontal"
        />
      );
  }
}
