/**
 * Two-step sign-in on /profile: what is set up (authenticator app, SMS to a masked number, or nothing), and
 * set-up, replacement and removal through FactorDialog (each asks for the current password or a current code
 * first; removal is confirmed in the same dialog, and refused while the company requires two-step sign-in).
 */
import { Button, Callout, Card, H4, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { ProfileAnswer } from '../../../common/api/profile';
import { maskedPhone } from './format';
import { FactorDialog, type FactorMode } from './FactorDialog';
import { MFA_LABEL } from './model';

export function TwoStepCard({ profile, onChanged }: { profile: ProfileAnswer; onChanged(p: ProfileAnswer): void }) {
  const [mode, setMode] = useState<FactorMode | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const type = profile.mfaType;
  return (
    <Card className="lci-profile-card" aria-labelledby="two-step-title">
      <H4 id="two-step-title">Two-step sign-in</H4>
      <p data-testid="mfa-status">
        {type ? (
          <>
            <Tag intent="success" icon="tick">
              On
            </Tag>{' '}
            {MFA_LABEL[type]}
            {type === 'SMS_MFA' && profile.phoneNumber ? ` to ${maskedPhone(profile.phoneNumber)}` : ''}
          </>
        ) : (
          <>
            <Tag intent="warning">Off</Tag> After your password, a code from your phone will be asked for once this is
            set up.
          </>
        )}
      </p>
      {profile.mfaRequiredByTenant && (
        <Callout intent="primary" icon="lock">
          Your company requires two-step sign-in for every user.
          {!type && ' You will be asked to set it up at your next sign-in, or set it up now.'}
        </Callout>
      )}
      {done && (
        <Callout intent="success" role="status">
          {done}
        </Callout>
      )}
      <div className="lci-profile-actions">
        <Button
          icon="mobile-phone"
          text={type === 'SOFTWARE_TOKEN_MFA' ? 'Reset authenticator app' : 'Set up authenticator app'}
          onClick={() => setMode('totp')}
        />
        <Button
          icon="chat"
          text={type === 'SMS_MFA' ? 'Change SMS phone number' : 'Use text messages (SMS)'}
          onClick={() => setMode('sms')}
        />
        {type && (
          <Button
            icon="trash"
            intent="danger"
            variant="outlined"
            text="Remove two-step sign-in"
            disabled={profile.mfaRequired}
            title={profile.mfaRequired ? 'Your company requires two-step sign-in.' : undefined}
            onClick={() => setMode('remove')}
          />
        )}
      </div>
      {mode && (
        <FactorDialog
          mode={mode}
          profile={profile}
          onClose={() => setMode(null)}
          onDone={(p, message) => {
            onChanged(p);
            setDone(message);
            setMode(null);
          }}
        />
      )}
    </Card>
  );
}
