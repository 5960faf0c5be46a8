/**
 * Designer mode: the components of the version in order, each drawn as the chosen company gets it, with move up/down
 * (buttons, or Alt+ArrowUp / Alt+ArrowDown on a focused component), remove (confirmed; Delete key) and select; the
 * selected one's properties beside them. A component left out of the chosen company's report shows as such.
 */
import { Alert, Button, Card, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Company } from '../../../workspace/sdk';
import type { ComponentRow, ComponentType } from '../shared/api';
import type { RenderedComponent, RenderedReport } from '../shared/rendered';
import { ComponentCard } from './blocks/ComponentCard';
import { ComponentEditor } from './ComponentEditor';

export interface DesignerProps {
  tenantId: number;
  templateId: number;
  components: ComponentRow[];
  types: ComponentType[] | null;
  preview: RenderedReport | null;
  company: Company | null;
  /** Editing allowed (Read/Write and the current version). */
  editable: boolean;
  selectedKey: string | null;
  onSelect(key: string): void;
  onMove(key: string, delta: -1 | 1): Promise<void>;
  onRemove(key: string): Promise<void>;
  onAddClick(): void;
  onDirty(dirty: boolean): void;
  onChanged(updated?: ComponentRow): void;
}

export function Designer(p: DesignerProps) {
  const { components, preview, company, editable, selectedKey } = p;
  const [removing, setRemoving] = useState<ComponentRow | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const rendered = new Map<string, RenderedComponent>(preview?.components.map((c) => [c.component_key, c]) ?? []);
  const selected = components.find((c) => c.component_key === selectedKey) ?? null;

  useEffect(() => {
    if (focusKey) items.current.get(focusKey)?.focus();
  }, [focusKey, components]);

  const move = async (key: string, delta: -1 | 1) => {
    await p.onMove(key, delta);
    setFocusKey(key);
  };

  const onKey = (e: KeyboardEvent, c: ComponentRow, i: number) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      p.onSelect(c.component_key);
    } else if (editable && e.altKey && e.key === 'ArrowUp' && i > 0) {
      e.preventDefault();
      void move(c.component_key, -1);
    } else if (editable && e.altKey && e.key === 'ArrowDown' && i < components.length - 1) {
      e.preventDefault();
      void move(c.component_key, 1);
    } else if (editable && e.key === 'Delete') {
      e.preventDefault();
      setRemoving(c);
    }
  };

  if (components.length === 0)
    return (
      <NonIdealState
        icon="add-to-artifact"
        title="No components yet"
        description={
          editable
            ? 'Add text, images, Word files or data components from the list of component types.'
            : 'This version has no components.'
        }
        action={
          editable ? <Button intent="primary" icon="add" text="Add component" onClick={p.onAddClick} /> : undefined
        }
      />
    );

  return (
    <div className="lci-report-designer">
      <div
        className="lci-report-outline"
        role="list"
        aria-label="Components"
        aria-describedby={editable ? 'report-outline-keys' : undefined}
      >
        {editable && (
          <p id="report-outline-keys" className="bp6-text-muted lci-report-hint">
            Select a component to edit it. On a focused component: Alt+Arrow Up/Down moves it, Delete removes it.
          </p>
        )}
        {components.map((c, i) => {
          const r = rendered.get(c.component_key);
          const tools = editable ? (
            <>
              <Button
                size="small"
                variant="minimal"
                icon="arrow-up"
                aria-label={`Move ${c.title} up`}
                title="Move up"
                disabled={i === 0}
                onClick={(e) => {
                  e.stopPropagation();
                  void move(c.component_key, -1);
                }}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-down"
                aria-label={`Move ${c.title} down`}
                title="Move down"
                disabled={i === components.length - 1}
                onClick={(e) => {
                  e.stopPropagation();
                  void move(c.component_key, 1);
                }}
              />
              <Button
                size="small"
                variant="minimal"
                icon="trash"
                intent="danger"
                aria-label={`Remove ${c.title}`}
                title="Remove"
                onClick={(e) => {
                  e.stopPropagation();
                  setRemoving(c);
                }}
              />
            </>
          ) : undefined;
          return (
            <div
              key={c.component_key}
              role="listitem"
              tabIndex={0}
              aria-current={c.component_key === selectedKey ? 'true' : undefined}
              aria-label={`${i + 1}. ${c.title}${c.needs_attention ? ' (needs attention)' : ''}`}
              className="lci-report-outline-item"
              ref={(el) => {
                if (el) items.current.set(c.component_key, el);
                else items.current.delete(c.component_key);
              }}
              onKeyDown={(e) => onKey(e, c, i)}
            >
              {r ? (
                <ComponentCard
                  component={r}
                  selected={c.component_key === selectedKey}
                  onSelect={() => p.onSelect(c.component_key)}
                  tools={tools}
                />
              ) : (
                <Card
                  className="lci-report-card lci-report-card-off"
                  interactive
                  selected={c.component_key === selectedKey}
                  onClick={() => p.onSelect(c.component_key)}
                >
                  <div className="lci-report-card-header">
                    <h3 className="bp6-heading">{c.title}</h3>
                    <Tag minimal icon="eye-off">
                      {preview ? `Not in ${company ? `${company.name}'s` : 'this'} report` : 'Loading preview…'}
                    </Tag>
                    {tools && <div className="lci-report-card-tools">{tools}</div>}
                  </div>
                </Card>
              )}
            </div>
          );
        })}
        {editable && <Button icon="add" text="Add component" variant="outlined" onClick={p.onAddClick} fill />}
      </div>
      <aside className="lci-report-properties" aria-label="Component properties">
        {selected ? (
          <ComponentEditor
            key={selected.component_key}
            tenantId={p.tenantId}
            templateId={p.templateId}
            component={selected}
            typeInfo={p.types?.find((t) => t.type === selected.type)}
            company={company}
            readOnly={!editable}
            onDirty={p.onDirty}
            onChanged={p.onChanged}
          />
        ) : (
          <NonIdealState icon="select" title="No component selected" description="Select a component to edit it." />
        )}
      </aside>
      <Alert
        isOpen={removing !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Remove component"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const r = removing;
          setRemoving(null);
          if (r) void p.onRemove(r.component_key);
        }}
      >
        <p>
          Remove <strong>{removing?.title}</strong> from this version, with the content kept for each company? This
          cannot be undone.
        </p>
      </Alert>
    </div>
  );
}
