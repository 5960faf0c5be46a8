/** The signed-in layout: top bar (brand, module view, company, header nav, realtime, user) and the side navigation. */
import {
  Alignment,
  Button,
  Callout,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { navigate } from '../nav';
import { api, reinitialize } from '../runtime';
import { shellBanners } from '../registry';
import { navAtom, realtimeStatusAtom, sessionAtom } from '../state/atoms';
import { CompanySelector, ModuleSwitcher } from './Selectors';
import { ServerBanners } from './ServerBanners';
import { SideNav } from './SideNav';
import { TenantLogo } from './TenantLogo';

const RT_LABEL: Record<string, string> = {
  idle: 'Offline',
  connecting: 'Connecting',
  open: 'Connected',
  reconnecting: 'Reconnecting',
  closed: 'Disconnected',
  failed: 'Disconnected',
};

export function RealtimeIndicator() {
  const status = useAtomValue(realtimeStatusAtom);
  const intent = status === 'open' ? 'success' : status === 'failed' || status === 'closed' ? 'danger' : 'warning';
  return (
    <Tooltip content={`Live updates: ${RT_LABEL[status]}`}>
      <Tag
        minimal
        round
        intent={intent}
        tabIndex={0}
        data-testid="realtime-status"
        aria-label={`Realtime ${RT_LABEL[status]}`}
      >
        {RT_LABEL[status]}
      </Tag>
    </Tooltip>
  );
}

function HeaderNav() {
  const nav = useAtomValue(navAtom);
  const items = (nav?.headerNav ?? []).filter((i) => i.level <= 2).sort((a, b) => a.sort - b.sort);
  if (!items.length) return null;
  return (
    <nav aria-label="Header navigation" className="lci-header-nav">
      {items.map((i) => (
        <Link key={i.url} href={i.url} className="lci-header-link">
          {i.title}
        </Link>
      ))}
    </nav>
  );
}

function ImpersonationBanner() {
  const s = useAtomValue(sessionAtom);
  if (!s?.impersonation) return null;
  const imp = s.impersonation;
  return (
    <Callout intent="warning" icon="person" className="lci-banner" role="status">
      Impersonating {imp.tenantName}
      {imp.securityGroupName ? ` (${imp.securityGroupName})` : ''}.{' '}
      <Button
        size="small"
        text="Stop impersonating"
        onClick={() => {
          void api.del('/v3/lciadmin/impersonation').then(() => reinitialize(null));
        }}
      />
    </Callout>
  );
}

/** The plugins' banners (WorkspacePlugin.banners), each loaded lazily once. */
let pluginBanners: ReturnType<typeof lazy>[] | null = null;
function PluginBanners() {
  pluginBanners ??= shellBanners().map((load) => lazy(load));
  return (
    <>
      {pluginBanners.map((B, i) => (
        <Suspense key={i} fallback={null}>
          <B />
        </Suspense>
      ))}
    </>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const [path] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // Move focus to the page on navigation (keyboard and screen-reader users land on the new content).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [path]);

  return (
    <div className="lci-shell">
      <a href="#main" className="lci-skip">
        Skip to content
      </a>
      <Navbar className="lci-topbar">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>
            <Link href="/dashboard" className="lci-brand-link" aria-label="Lifecycle home">
              <TenantLogo />
            </Link>
          </NavbarHeading>
          <NavbarDivider />
          <ModuleSwitcher />
          <CompanySelector />
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <HeaderNav />
          <RealtimeIndicator />
          <NavbarDivider />
          {/* The user's own profile (/profile: names, phone, two-step sign-in). */}
          <Link href="/profile" className="lci-user" title={`${session?.user.username ?? ''}: your profile`}>
            {session?.user.name || session?.user.username}
          </Link>
          <Button variant="minimal" icon="log-out" text="Sign out" onClick={() => void navigate('/signOut')} />
        </NavbarGroup>
      </Navbar>
      <ImpersonationBanner />
      <ServerBanners />
      <PluginBanners />
      <div className="lci-body">
        <SideNav />
        <main id="main" ref={main} tabIndex={-1} className="lci-main">
          {children}
        </main>
      </div>
    </div>
  );
}
