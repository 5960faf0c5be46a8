/**
 * The wizard's frame: the auth screens' card, wider for the Selected Plans panel. A shift-click
 * on the logo shows the hidden region selector (platform.md 2.3, 9: US 1 ue1, EU 1 ec1, US 2 uw2),
 * which sets userGeo.user_selected_region.
 */
import { Card, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { APP_VERSION } from '../../../../workspace/sdk';

export const SIGNUP_REGIONS: { code: string; label: string }[] = [
  { code: 'ue1', label: 'US 1' },
  { code: 'ec1', label: 'EU 1' },
  { code: 'uw2', label: 'US 2' },
];

export interface WizardFrameProps {
  region: string | null;
  onRegion(code: string | null): void;
  children: ReactNode;
}

export function WizardFrame({ region, onRegion, children }: WizardFrameProps) {
  const [showRegion, setShowRegion] = useState(false);
  const onLogo = (e: MouseEvent) => {
    if (e.shiftKey) setShowRegion((v) => !v);
  };
  return (
    <main className="lci-auth" id="main">
      <Card className="lci-auth-card lci-signup-card" elevation={2}>
        <div className="lci-brand" aria-label="Lifecycle" onClick={onLogo} data-testid="signup-logo">
          Lifecycle
        </div>
        {showRegion && (
          <FormGroup label="Region" labelFor="signup-region" className="lci-signup-region">
            <HTMLSelect
              id="signup-region"
              value={region ?? ''}
              onChange={(e) => onRegion(e.currentTarget.value || null)}
              options={[
                { value: '', label: 'Automatic' },
                ...SIGNUP_REGIONS.map((r) => ({ value: r.code, label: `${r.label} (${r.code})` })),
              ]}
            />
          </FormGroup>
        )}
        {children}
      </Card>
      <footer className="lci-auth-footer bp6-text-muted">Version {APP_VERSION}</footer>
    </main>
  );
}
