/**
 * Shared page header (platform.md 2.3): title, optional subtitle, optional link button, the read-only
 * lock with its tooltip, a charts show/hide switch and the six icon actions as slots a page fills
 * (only filled ones render). Plugins add buttons to a page's header through the pageHeaderActions slot
 * (shown after the page's own tools; those needing write access are hidden on a read-only page).
 */
import { Button, ButtonGroup, Icon, Switch, Tooltip } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { HEADER_ACTIONS, MSG_READ_ONLY } from '../constants';
import { getPath, navigate } from '../nav';
import { useSlot } from '../slot-view';
import { actionsFor } from '../slots';

export interface PageHeaderActions {
  scheduleReport?: () => void;
  designerMode?: () => void;
  reviewMode?: () => void;
  presentationMode?: () => void;
  downloadCsv?: () => void;
  downloadDocx?: () => void;
}

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Link button: an in-app path (to) or an external href. */
  link?: { text: string; to?: string; href?: string; icon?: IconName };
  readOnly?: boolean;
  /** Charts show/hide switch; rendered when given. */
  charts?: { shown: boolean; onChange(shown: boolean): void };
  actions?: PageHeaderActions;
  /** Busy actions show a spinner (e.g. a download in progress). */
  busy?: Partial<Record<keyof PageHeaderActions, boolean>>;
  children?: ReactNode;
}

const ACTION_ICONS: Record<keyof PageHeaderActions, IconName> = {
  scheduleReport: 'envelope',
  designerMode: 'edit',
  reviewMode: 'eye-open',
  presentationMode: 'presentation',
  downloadCsv: 'th-derived',
  downloadDocx: 'document',
};
const ORDER = Object.keys(HEADER_ACTIONS) as (keyof PageHeaderActions)[];

export function PageHeader({ title, subtitle, link, readOnly, charts, actions, busy, children }: PageHeaderProps) {
  const filled = ORDER.filter((k) => typeof actions?.[k] === 'function');
  const contributed = actionsFor(useSlot('pageHeaderActions'), getPath()).filter((a) => !(a.needsWrite && readOnly));
  return (
    <header className="lci-page-header">
      <div className="lci-page-header-titles">
        <h1 className="bp6-heading lci-page-title">
          {title}
          {readOnly && (
            <Tooltip content={MSG_READ_ONLY} placement="bottom">
              <span className="lci-lock" tabIndex={0} role="img" aria-label={MSG_READ_ONLY}>
                <Icon icon="lock" />
              </span>
            </Tooltip>
          )}
        </h1>
        {subtitle && <div className="bp6-text-muted lci-page-subtitle">{subtitle}</div>}
      </div>
      <div className="lci-page-header-tools">
        {children}
        {link && (
          <Button
            variant="outlined"
            icon={link.icon}
            text={link.text}
            onClick={() => {
              if (link.to) void navigate(link.to);
              else if (link.href) window.open(link.href, '_blank', 'noopener');
            }}
          />
        )}
        {contributed.map((a) => (
          <Button
            key={`${a.plugin}-${a.id}`}
            variant="outlined"
            icon={a.icon as IconName | undefined}
            text={a.title}
            onClick={() => {
              if (a.to) void navigate(a.to);
              else if (a.href) window.open(a.href, '_blank', 'noopener');
              else void a.run?.();
            }}
          />
        ))}
        {charts && (
          <Switch
            className="lci-charts-switch"
            label="Show charts"
            checked={charts.shown}
            onChange={(e) => charts.onChange((e.target as HTMLInputElement).checked)}
          />
        )}
        {filled.length > 0 && (
          <ButtonGroup role="group" aria-label="Page actions">
            {filled.map((k) => (
              <Tooltip key={k} content={HEADER_ACTIONS[k]} placement="bottom">
                <Button
                  icon={ACTION_ICONS[k]}
                  aria-label={HEADER_ACTIONS[k]}
                  loading={busy?.[k]}
                  onClick={() => actions![k]!()}
                  variant="minimal"
                />
              </Tooltip>
            ))}
          </ButtonGroup>
        )}
      </div>
    </header>
  );
}
