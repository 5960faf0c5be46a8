/**
 * One dialog for changing the second factor on /profile:
 * - totp:   proof -> QR code and secret code -> a code from the app enrols it;
 * - sms:    new number + proof -> code texted to that number -> enrols it;
 * - remove: the warning and proof in one step (the confirmation before a destructive action).
 * Proof is the current password (when the user has one) or a current code: the authenticator app's, or an SMS
 * code sent on request. A user with neither (social sign-in, nothing set up yet) goes straight on.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { PROFILE_TEXTS, validatePhone, type ProfileAnswer } from '../../../common/api/profile';
import { api } from '../../runtime';
import { fieldErrors, MFA_URL } from './model';

export type FactorMode = 'totp' | 'sms' | 'remove';
type Setup = { secretCode: string; otpauthUri: string; qrCodeDataUrl: string };

const TITLES: Record<FactorMode, string> = {
  totp: 'Set up an authenticator app',
  sms: 'Receive sign-in codes by text message',
  remove: 'Remove two-step sign-in?',
};
const CODE = /^\d{6}$/;

export function FactorDialog({
  mode,
  profile,
  onClose,
  onDone,
}: {
  mode: FactorMode;
  profile: ProfileAnswer;
  onClose(): void;
  onDone(p: ProfileAnswer, message: string): void;
}) {
  const needsProof = profile.hasPassword || !!profile.mfaType;
  const [byCode, setByCode] = useState(!profile.hasPassword);
  const [password, setPassword] = useState('');
  const [proofCode, setProofCode] = useState('');
  const [phone, setPhone] = useState(mode === 'sms' ? (profile.phoneNumber ?? '') : '');
  const [step, setStep] = useState<'proof' | 'verify'>('proof');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const proof = () => (!needsProof ? {} : byCode ? { code: proofCode.trim() } : { password });

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  }

  function checkProof(local: Record<string, string>) {
    if (!needsProof) return;
    if (byCode && !CODE.test(proofCode.trim())) local.code = PROFILE_TEXTS.codeFormat;
    if (!byCode && !password) local.password = PROFILE_TEXTS.proofMissing;
  }

  function submitProof(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (mode === 'sms') {
      const m = validatePhone(phone, true);
      if (m) local.phoneNumber = m;
    }
    checkProof(local);
    setErrors(local);
    if (Object.keys(local).length) return;
    void run(async () => {
      if (mode === 'totp') {
        setSetup(await api.post<Setup>(`${MFA_URL}/totp/start`, proof()));
        setStep('verify');
      } else if (mode === 'sms') {
        const r = await api.post<{ destination: string }>(`${MFA_URL}/sms/start`, { ...proof(), phoneNumber: phone });
        setDestination(r.destination);
        setStep('verify');
      } else {
        onDone(await api.post<ProfileAnswer>(`${MFA_URL}/remove`, proof()), 'Two-step sign-in has been removed.');
      }
      setErrors({});
    });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    if (!CODE.test(code.trim())) return setErrors({ setupCode: PROFILE_TEXTS.codeFormat });
    void run(async () => {
      try {
        const p = await api.post<ProfileAnswer>(`${MFA_URL}/${mode === 'totp' ? 'totp' : 'sms'}/confirm`, {
          code: code.trim(),
        });
        onDone(
          p,
          mode === 'totp'
            ? 'Your authenticator app is set up: sign-ins now ask for its code.'
            : 'Text messages are set up: sign-ins now send a code to your phone.',
        );
      } catch (err) {
        const f = fieldErrors(err);
        setErrors({ setupCode: f.code ?? f[''] ?? PROFILE_TEXTS.wrongCode });
      }
    });
  }

  const sendProofCode = () =>
    run(async () => {
      const r = await api.post<{ destination: string }>(`${MFA_URL}/code`, {});
      setSent(`A code was sent to ${r.destination}.`);
    });

  const err = (k: string) =>
    errors[k] ? { intent: 'danger' as const, helperText: <span id={`factor-${k}-error`}>{errors[k]}</span> } : {};

  const proofFields = needsProof && (
    <>
      {byCode ? (
        <FormGroup
          label={profile.mfaType === 'SMS_MFA' ? 'Code sent to your phone' : 'Code from your authenticator app'}
          labelFor="factor-proof-code"
          {...err('code')}
        >
          <InputGroup
            id="factor-proof-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={proofCode}
            onValueChange={setProofCode}
            rightElement={
              profile.mfaType === 'SMS_MFA' ? (
                <Button variant="minimal" text="Text me a code" onClick={() => void sendProofCode()} />
              ) : undefined
            }
          />
        </FormGroup>
      ) : (
        <FormGroup label="Current password" labelFor="factor-password" {...err('password')}>
          <InputGroup
            id="factor-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
        </FormGroup>
      )}
      {profile.hasPassword && profile.mfaType && (
        <Button
          variant="minimal"
          small
          text={byCode ? 'Use my password instead' : 'Use a code instead'}
          onClick={() => {
            setByCode((b) => !b);
            setErrors({});
          }}
        />
      )}
      {sent && <p role="status">{sent}</p>}
    </>
  );

  return (
    <Dialog isOpen title={TITLES[mode]} onClose={onClose} canOutsideClickClose={!busy}>
      {step === 'proof' ? (
        <form onSubmit={submitProof} noValidate aria-label={TITLES[mode]}>
          <DialogBody>
            {mode === 'remove' && (
              <Callout intent="warning" icon="warning-sign">
                Your account will be protected by your password only. You can set up two-step sign-in again at any time.
              </Callout>
            )}
            {mode === 'totp' && profile.mfaType && (
              <p>
                The new app replaces your current {profile.mfaType === 'SMS_MFA' ? 'text messages' : 'app'} once its
                code is entered.
              </p>
            )}
            {mode === 'sms' && (
              <FormGroup
                label="Mobile phone number"
                labelFor="factor-phone"
                helperText={
                  errors.phoneNumber ? (
                    <span>{errors.phoneNumber}</span>
                  ) : (
                    'With its country code, e.g. +1 555 123 4567.'
                  )
                }
                intent={errors.phoneNumber ? 'danger' : 'none'}
              >
                <InputGroup id="factor-phone" type="tel" autoComplete="tel" value={phone} onValueChange={setPhone} />
              </FormGroup>
            )}
            {needsProof && <p>To confirm it is you, enter {byCode ? 'a current code' : 'your current password'}.</p>}
            {proofFields}
            {errors[''] && (
              <Callout intent="danger" role="alert">
                {errors['']}
              </Callout>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={onClose} disabled={busy} />
                <Button
                  type="submit"
                  intent={mode === 'remove' ? 'danger' : 'primary'}
                  loading={busy}
                  text={mode === 'remove' ? 'Remove' : mode === 'sms' ? 'Send code' : 'Continue'}
                />
              </>
            }
          />
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate aria-label="Enter the code">
          <DialogBody>
            {setup && (
              <>
                <p>Scan the QR code with your authenticator app, or enter the secret code in it.</p>
                <div className="lci-center">
                  <img src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
                </div>
                <p>
                  Secret code:{' '}
                  <code data-testid="profile-totp-secret" style={{ wordBreak: 'break-all', userSelect: 'all' }}>
                    {setup.secretCode}
                  </code>
                </p>
              </>
            )}
            {destination && <p role="status">We sent a 6-digit code to {destination}. It expires in 10 minutes.</p>}
            <FormGroup
              label={setup ? 'Code from the app' : 'Code from the text message'}
              labelFor="factor-setup-code"
              {...err('setupCode')}
            >
              <InputGroup
                id="factor-setup-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                value={code}
                onValueChange={setCode}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={onClose} disabled={busy} />
                <Button type="submit" intent="primary" loading={busy} text="Verify" />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
