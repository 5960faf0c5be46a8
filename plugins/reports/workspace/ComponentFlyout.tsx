/**
 * The builder's flyout: the component types of GET reportBuilder/componentTypes by group. A spec type whose data
 * source is not installed yet may still be added (it stays in the template with needs_attention and an empty state,
 * and fills in once its source is enabled): it shows with a warning and the reason. Any other unavailable type shows
 * disabled with its reason.
 */
import { Button, Callout, Drawer, DrawerSize, H5, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { ComponentType } from '../shared/api';
import { canAdd } from './rules';

export interface ComponentFlyoutProps {
  isOpen: boolean;
  types: ComponentType[] | null;
  error: string | null;
  adding: string | null;
  onAdd(type: ComponentType): void;
  onClose(): void;
}

export function ComponentFlyout({ isOpen, types, error, adding, onAdd, onClose }: ComponentFlyoutProps) {
  const groups = useMemo(() => {
    const map = new Map<string, ComponentType[]>();
    for (const t of types ?? []) map.set(t.group, [...(map.get(t.group) ?? []), t]);
    return [...map.entries()];
  }, [types]);

  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={DrawerSize.SMALL} className="lci-report-flyout">
      {/* The drawer has no dialog role of its own: the panel inside names itself. */}
      <div role="dialog" aria-modal="true" aria-labelledby="report-flyout-title" className="lci-report-flyout-panel">
        <div className="bp6-dialog-header">
          <Icon icon="add" size={20} aria-hidden />
          <h4 id="report-flyout-title" className="bp6-heading">
            Add a component
          </h4>
          <Button aria-label="Close" icon="cross" variant="minimal" onClick={onClose} />
        </div>
        <div className="lci-report-flyout-body">
          {error ? (
            <Callout intent="danger" role="alert" title="Could not load the component types">
              {error}
            </Callout>
          ) : types === null ? (
            <Spinner size={24} aria-label="Loading component types" />
          ) : types.length === 0 ? (
            <NonIdealState icon="cube" title="No component types" description="No component types are available." />
          ) : (
            groups.map(([group, list]) => (
              <section key={group} aria-label={group} className="lci-report-flyout-group">
                <H5>{group}</H5>
                <ul role="list">
                  {list.map((t) => (
                    <li key={t.type}>
                      <Button
                        fill
                        alignText="start"
                        variant="minimal"
                        icon={
                          t.available ? 'add' : canAdd(t) ? <Icon icon="warning-sign" intent="warning" /> : 'disable'
                        }
                        disabled={!canAdd(t) || adding !== null}
                        loading={adding === t.type}
                        aria-label={`Add ${t.label}`}
                        aria-describedby={`report-type-${t.type}`}
                        onClick={() => onAdd(t)}
                      >
                        <strong>{t.label}</strong>
                      </Button>
                      <div id={`report-type-${t.type}`} className="bp6-text-muted lci-report-flyout-desc">
                        {t.available ? t.description : (t.reason ?? 'Not available for this account.')}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </div>
    </Drawer>
  );
}
