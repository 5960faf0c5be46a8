/** The public frame of the plans and cart pages (bare layout): brand, sign-in link, title and actions. */
import { AnchorButton, Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function PlansFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="lci-plans-frame">
      <a className="lci-skip" href="#main">
        Skip to content
      </a>
      <Navbar className="lci-plans-nav">
        <NavbarGroup>
          <NavbarHeading>
            <a href="/plans" className="lci-brand-link lci-plans-brand">
              Lifecycle
            </a>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="end">
          <AnchorButton variant="minimal" href="/signIn" icon="log-in" text="Sign in" />
        </NavbarGroup>
      </Navbar>
      <main id="main" className="lci-plans-main" tabIndex={-1}>
        <div className="lci-plans-head">
          <div>
            <h1 className="lci-plans-title">{title}</h1>
            {subtitle && <p className="bp6-text-muted lci-plans-subtitle">{subtitle}</p>}
          </div>
          {actions && <div className="lci-plans-actions">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
