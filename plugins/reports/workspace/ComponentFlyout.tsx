/**
 * The builder's flyout: the component types of GET reportBuilder/componentTypes by group. A type that cannot be added
 * now (its data source missing, its module off) shows disabled with the reason.
 */
import { Button, Callout, Drawer, DrawerSize, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { ComponentType } from '../shared/api';

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
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title="Add a component"
      icon="add"
      size={DrawerSize.SMALL}
      className="lci-report-flyout"
    >
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
                      icon="add"
                      disabled={!t.available || adding !== null}
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
    </Drawer>
  );
}
