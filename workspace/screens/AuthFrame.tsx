import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { APP_VERSION } from '../constants';

/** Centered card used by the sign-in family of screens. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <main className="lci-auth" id="main">
      <Card className="lci-auth-card" elevation={2}>
        <div className="lci-brand" aria-label="Lifecycle">
          Lifecycle
        </div>
        {children}
      </Card>
      <footer className="lci-auth-footer bp6-text-muted">Version {APP_VERSION}</footer>
    </main>
  );
}
