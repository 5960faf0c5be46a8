/** /dashboard: welcome with the tenant name, the realtime status, module cards and the plugins' panels (dashboardPanels slot). */
import { AnchorButton, Card, H2, H5, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { RealtimeIndicator } from '../layout/Shell';
import { navigate } from '../nav';
import { SlotBody, useSlot } from '../slot-view';
import type { Contributed, DashboardPanelDef } from '../slots';
import { currentModuleViewAtom, moduleViewsAtom, moduleViewTextAtom, sessionAtom } from '../state/atoms';

export default function Dashboard() {
  const session = useAtomValue(sessionAtom);
  const views = useAtomValue(moduleViewsAtom);
  const current = useAtomValue(currentModuleViewAtom);
  const [, setView] = useAtom(moduleViewTextAtom);
  const all = useSlot('dashboardPanels');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const hide = useCallback((key: string) => setHidden((h) => new Set(h).add(key)), []);
  if (!session) return null;
  const shown = all.filter((p) => !hidden.has(panelKey(p)));
  const top = shown.filter((p) => p.link === false);
  const panels = shown.filter((p) => p.link !== false);
  const tenant = session.tenant?.name ?? 'Lifecycle';
  return (
    <div className="lci-page">
      <PageHeader
        title={`Welcome to ${tenant}`}
        subtitle={`Signed in as ${session.user.name || session.user.username}`}
      />
      <section aria-label="Realtime status" className="lci-row">
        <span>Live updates:</span> <RealtimeIndicator />
      </section>
      {top.map((p) => (
        <DashboardPanel key={panelKey(p)} panel={p} onHide={hide} />
      ))}
      {panels.length > 0 && (
        <section aria-label="Panels" className="lci-cards lci-dashboard-panels">
          {panels.map((p) => (
            <DashboardPanel key={panelKey(p)} panel={p} onHide={hide} />
          ))}
        </section>
      )}
      <section aria-labelledby="modules-heading">
        <H2 id="modules-heading" className="lci-section-title">
          Your modules
        </H2>
        {views.length === 0 ? (
          <NonIdealState
            icon="applications"
            title="No modules yet"
            description="Your security group does not include any module view. Ask your administrator for access."
          />
        ) : (
          <div className="lci-cards">
            {views.map((v) => {
              const active = current?.text === v.text;
              const icon = v.icon && Icons.isValidIconName(v.icon) ? v.icon : 'applications';
              return (
                <Card
                  key={v.text}
                  interactive={!v.disabled}
                  selected={active}
                  elevation={active ? 2 : 0}
                  className="lci-module-card"
                  role="button"
                  tabIndex={v.disabled ? -1 : 0}
                  aria-pressed={active}
                  aria-disabled={v.disabled}
                  aria-label={`${v.text} module view`}
                  onClick={() => {
                    if (!v.disabled) setView(v.text);
                  }}
                  onKeyDown={(e) => {
                    if (!v.disabled && (e.key === 'Enter' || e.key === ' ')) {
                      e.preventDefault();
                      setView(v.text);
                    }
                  }}
                >
                  <H5>
                    <Icon icon={icon as never} /> {v.text}
                  </H5>
                  <div className="lci-row">
                    {v.modules.map((m) => (
                      <Tag key={m} minimal>
                        {m === 'Core' ? 'vCIO' : m}
                      </Tag>
                    ))}
                  </div>
                  {active && <p className="bp6-text-muted">Current view</p>}
                </Card>
              );
            })}
          </div>
        )}
      </section>
    </div>
  );
}

const panelKey = (p: Contributed<DashboardPanelDef>) => `${p.plugin}-${p.id}`;

/** One panel: its title, the link to its page (a real link: Tab reaches it, Enter opens it) and its lazy body. */
function DashboardPanel({ panel: p, onHide }: { panel: Contributed<DashboardPanelDef>; onHide(key: string): void }) {
  const key = panelKey(p);
  const hidePanel = useCallback(() => onHide(key), [onHide, key]);
  return (
    <Card className="lci-dashboard-panel" role="region" aria-label={p.title}>
      <div className="lci-row lci-dashboard-panel-head">
        <H5>{p.title}</H5>
        {p.link !== false && (
          <AnchorButton
            variant="minimal"
            endIcon="arrow-right"
            href={p.page}
            text={p.linkText ?? `Open ${p.title}`}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              void navigate(p.page);
            }}
          />
        )}
      </div>
      <SlotBody title={p.title} load={p.component} props={{ hidePanel }} />
    </Card>
  );
}
