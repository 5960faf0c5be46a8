/**
 * Social sign-in on /signIn (old view, platform.md 2.3): one button per provider switched on in
 * GET /v3/public/config `social` (Microsoft, Google). A button leaves for
 * /oidc/interaction/<uid>/federated/<provider> (the server sends the browser on to the provider).
 * Query sso=ms|google starts that provider at once (kept across the authorization request that
 * precedes the form); sso=1 shows the buttons (they always show when a provider is on).
 * Back from the provider with `federated=<provider>`, the outcome is read once: a challenge goes to
 * its screen like after a password, a refusal shows as the authentication status
 * ('Login failed.', 'User cancelled login flow.'), and an identity without a tenant goes to the sign-up
 * wizard with it prefilled and the desired plan pre-selected (platform.md 2.3; issue 15 B9).
 */
import { Button } from '@blueprintjs/core';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { challengeUrl, savePendingChallenge, type ChallengeReply } from '../auth/challenge';
import { signUpUrl, storedSignInInputs } from '../auth/signin-inputs';
import { MSG_LOGIN_FAILED } from '../constants';
import { navigate } from '../nav';
import { api, loadConfig } from '../runtime';
import { authStatusAtom } from '../state/atoms';

type SocialId = 'ms' | 'google';
const SSO_KEY = 'lci.sso';
const isSocialId = (v: string | null): v is SocialId => v === 'ms' || v === 'google';

/** /signIn?sso=ms|google before the authorization request: remembered until the form shows. */
export function rememberSso(sso: string | null): void {
  try {
    if (isSocialId(sso)) sessionStorage.setItem(SSO_KEY, sso);
  } catch {
    /* no storage */
  }
}
/** A provider remembered by rememberSso and not started yet. */
export function hasPendingSso(): boolean {
  try {
    return isSocialId(sessionStorage.getItem(SSO_KEY));
  } catch {
    return false;
  }
}
function takeSso(): string | null {
  try {
    const v = sessionStorage.getItem(SSO_KEY);
    sessionStorage.removeItem(SSO_KEY);
    return v;
  } catch {
    return null;
  }
}

export const federatedStartUrl = (uid: string, id: SocialId) =>
  `/oidc/interaction/${encodeURIComponent(uid)}/federated/${id}`;

export function SocialSignIn({ uid }: { uid: string }) {
  const params = new URLSearchParams(useSearch());
  const federated = params.get('federated');
  const [providers, setProviders] = useState<{ id: SocialId; name: string }[]>([]);
  const [leaving, setLeaving] = useState<SocialId | null>(null);
  const setStatus = useSetAtom(authStatusAtom);
  const sso = useRef<string | null>(null);
  sso.current ??= params.get('sso') ?? takeSso() ?? '';

  const go = (id: SocialId) => {
    setLeaving(id);
    window.location.assign(federatedStartUrl(uid, id));
  };

  useEffect(() => {
    let live = true;
    loadConfig()
      .then((cfg) => {
        if (!live) return;
        const on = cfg.social ?? [];
        setProviders(on);
        const want = sso.current;
        if (!federated && isSocialId(want) && on.some((p) => p.id === want)) {
          sso.current = '';
          go(want);
        }
      })
      .catch(() => {
        /* no buttons without the configuration */
      });
    return () => {
      live = false;
    };
  }, [uid, federated]);

  // Back from the provider without finishing: show why, or go on to the challenge.
  useEffect(() => {
    if (!federated) return;
    const q = new URLSearchParams(window.location.search);
    q.delete('federated');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${q.toString()}`);
    api
      .get<ChallengeReply>(`/oidc/interaction/${encodeURIComponent(uid)}/federated/result`, { public: true })
      .then((r) => {
        if (r.redirectTo) {
          window.location.assign(r.redirectTo);
          return;
        }
        if (r.signUp && typeof r.signUp === 'object') {
          void navigate(signUpUrl(storedSignInInputs().desiredPlan, r.signUp as Record<string, unknown>));
          return;
        }
        const to = r.challenge ? challengeUrl(r.challenge, uid) : null;
        if (r.challenge && to) {
          savePendingChallenge({
            ...(r as Record<string, unknown>),
            uid,
            challenge: r.challenge,
            email: typeof r.username === 'string' ? r.username : undefined,
          });
          window.location.assign(to);
        }
      })
      .catch((e: { status?: number; message?: string }) => {
        if (e.status === 404) return; // already shown (a reload)
        setStatus({ state: 'failed', variant: 'error', message: e.message || MSG_LOGIN_FAILED });
      });
  }, [federated, uid, setStatus]);

  if (!providers.length) return null;
  return (
    <div className="lci-social" role="group" aria-label="Sign in with a social account">
      <div className="lci-social-or" aria-hidden="true">
        or
      </div>
      {providers.map((p) => (
        <Button
          key={p.id}
          size="large"
          fill
          variant="outlined"
          icon={<ProviderMark id={p.id} />}
          text={`Sign in with ${p.name}`}
          loading={leaving === p.id}
          disabled={!!leaving && leaving !== p.id}
          onClick={() => go(p.id)}
        />
      ))}
    </div>
  );
}

function ProviderMark({ id }: { id: SocialId }) {
  if (id === 'ms') {
    return (
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <rect x="0" y="0" width="7.5" height="7.5" fill="#f25022" />
        <rect x="8.5" y="0" width="7.5" height="7.5" fill="#7fba00" />
        <rect x="0" y="8.5" width="7.5" height="7.5" fill="#00a4ef" />
        <rect x="8.5" y="8.5" width="7.5" height="7.5" fill="#ffb900" />
      </svg>
    );
  }
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.7c-2.1 1.4-4.8 2.2-8.4 2.2-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
