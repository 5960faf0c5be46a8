/**
 * /signUp/sp and /ScalePad (query registrationKey, code, debug): the ScalePad partner landing
 * (platform.md 2.3 "Partner landing", 4.3). With a code: authenticate with the partner, swap the
 * partner tokens for ours, go to /initializer. Without one: start the partner sign-in. On error the
 * code is removed from the address. The logo clicked more than 6 times shows the partner sign-in
 * button, more than 10 times toggles debug (raw responses). The loading flag clears after 25 s.
 */
import { Button, Callout, Card, H2, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { challengeUrl, savePendingChallenge } from '../auth/challenge';
import {
  checkReturnState,
  clearCodeFromAddress,
  finishPartnerSignIn,
  partnerAuthorizeUrl,
  partnerErrorText,
  preauthScalePad,
  pendingDebug,
  scalePadConfig,
  startInteraction,
  type PartnerUserInfo,
} from '../auth/scalepad';
import { APP_VERSION, PARTNER_LOADING_CLEAR_MS } from '../constants';
import { isSignedIn, loadConfig, reinitialize } from '../runtime';

const SHOW_SIGNIN_AFTER = 6;
const TOGGLE_DEBUG_AFTER = 10;
const MSG_NOT_CONFIGURED =
  'ScalePad sign-in is not configured on this server. Please sign in with your e-mail and password, or contact support.';

const truthy = (v: string | null) => v !== null && ['1', 'true', 'yes', 'on', ''].includes(v.toLowerCase());

export default function ScalePad() {
  const initial = useRef(new URLSearchParams(window.location.search)).current;
  const code = initial.get('code');
  const registrationKey = initial.get('registrationKey');
  const [debug, setDebug] = useState(() => truthy(initial.get('debug')) || (!!code && pendingDebug()));
  const debugRef = useRef(debug);
  debugRef.current = debug;
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<string>(code ? 'Signing you in with ScalePad…' : 'Preparing ScalePad sign-in…');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<PartnerUserInfo | null>(null);
  const [raw, setRaw] = useState<{ label: string; data: unknown }[]>([]);
  const [showSignIn, setShowSignIn] = useState(false);
  const clicks = useRef(0);
  const started = useRef(false);

  const log = (label: string, data: unknown) => setRaw((r) => [...r, { label, data }]);

  // The loading flag is cleared after 25 seconds whatever happens (section 9).
  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => setLoading(false), PARTNER_LOADING_CLEAR_MS);
    return () => clearTimeout(t);
  }, [loading]);

  function fail(e: unknown, label: string) {
    log(label, (e as { body?: unknown }).body ?? { message: (e as Error).message });
    setError(partnerErrorText(e));
    setStatus('ScalePad sign-in did not complete.');
    setLoading(false);
    clearCodeFromAddress();
  }

  async function startPartnerSignIn() {
    setError(null);
    setLoading(true);
    setStatus('Redirecting to ScalePad…');
    try {
      const sp = scalePadConfig(await loadConfig());
      if (!sp.enabled) {
        setLoading(false);
        setStatus('');
        setError(MSG_NOT_CONFIGURED);
        return;
      }
      window.location.assign(partnerAuthorizeUrl(sp, registrationKey, debugRef.current));
    } catch (e) {
      fail(e, 'start');
    }
  }

  async function signInWithCode(partnerCode: string) {
    setLoading(true);
    setStatus('Signing you in with ScalePad…');
    try {
      const cfg = await loadConfig();
      if (!scalePadConfig(cfg).enabled) {
        setLoading(false);
        setStatus('');
        setError(MSG_NOT_CONFIGURED);
        clearCodeFromAddress();
        return;
      }
      const uid = await startInteraction(cfg);
      const pre = await preauthScalePad(partnerCode, uid);
      log('POST v3/manager/preauth/scalepad', { ...pre, grant: '(hidden)' });
      setInfo(pre.userInfo);
      setStatus('Authenticated with ScalePad. Finishing sign-in…');
      const done = await finishPartnerSignIn(uid, pre.grant);
      log(`POST /oidc/interaction/${uid}/partner`, done);
      if (done.redirectTo) {
        window.location.assign(done.redirectTo);
        return;
      } // -> /authed -> /initializer
      const to = done.challenge ? challengeUrl(done.challenge, uid) : null;
      if (done.challenge && to) {
        savePendingChallenge({ uid, email: pre.userInfo.Subject.Email, ...done, challenge: done.challenge });
        window.location.assign(to);
        return;
      }
      throw new Error(`This sign-in needs a step that is not available yet (${done.challenge ?? 'unknown'}).`);
    } catch (e) {
      fail(e, 'error');
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const partnerError = initial.get('error');
    if (partnerError) {
      setError(initial.get('error_description') || partnerError);
      setStatus('ScalePad sign-in did not complete.');
      clearCodeFromAddress();
      return;
    }
    if (code) {
      const check = checkReturnState(initial.get('state'));
      if (check === 'ok') void signInWithCode(code);
      else if (check === 'restart')
        void startPartnerSignIn(); // a code we did not ask for: fetch one with our state
      else fail(new Error('This ScalePad sign-in link is no longer valid. Please sign in again.'), 'state');
      return;
    }
    if (isSignedIn()) {
      void reinitialize(null);
      return;
    }
    if (debug) {
      setStatus('Debug mode: partner sign-in not started.');
      return;
    }
    void startPartnerSignIn();
  }, []);

  function logoClicked() {
    clicks.current += 1;
    if (clicks.current > SHOW_SIGNIN_AFTER) setShowSignIn(true);
    if (clicks.current > TOGGLE_DEBUG_AFTER) {
      setDebug((d) => !d);
      clicks.current = 0;
    }
  }

  const userName = info ? `${info.Subject.FirstName} ${info.Subject.LastName}`.trim() : '';
  return (
    <main className="lci-auth" id="main">
      <Card className="lci-auth-card lci-sp-card" elevation={2}>
        <button type="button" className="lci-sp-logo" aria-label="Lifecycle logo" onClick={logoClicked}>
          Lifecycle
        </button>
        <H2 className="lci-auth-title">Welcome ScalePad Partners</H2>
        <p>Sign in to Lifecycle with your ScalePad account.</p>
        <p className="lci-sp-status" role="status" aria-live="polite" data-testid="sp-status">
          {loading && <Spinner size={16} aria-label="Loading" />} {status}
        </p>
        {info && (
          <dl className="lci-sp-who" data-testid="sp-who">
            <dt>Partner</dt>
            <dd>{info.Tenant.CompanyName || '—'}</dd>
            <dt>User</dt>
            <dd>{userName || info.Subject.Email}</dd>
          </dl>
        )}
        {error && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {error}
          </Callout>
        )}
        {(showSignIn || error) && (
          <Button
            intent="primary"
            size="large"
            fill
            text="Sign in with ScalePad"
            loading={loading}
            onClick={() => void startPartnerSignIn()}
          />
        )}
        <div className="lci-auth-links">
          <a href="/signIn">Sign in with e-mail and password</a>
        </div>
        {debug && (
          <section aria-label="Debug" className="lci-sp-debug" data-testid="sp-debug">
            <h3>Debug</h3>
            <pre>
              {JSON.stringify({ loading, code: code ? '(present)' : null, registrationKey, responses: raw }, null, 2)}
            </pre>
          </section>
        )}
      </Card>
      <footer className="lci-auth-footer bp6-text-muted">Version {APP_VERSION}</footer>
    </main>
  );
}
