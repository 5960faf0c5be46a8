/** The access service: cached caller resolution, invalidation and the page match rule. */
import crypto from 'node:crypto';
import { MSG_TOKEN_EXPIRED } from '../../common/texts';
import { cutOff } from '../auth/token-cutoffs';
import { unauthorized } from '../http/errors';
import type { AccessService, Kernel } from '../kernel';
import type { Caller, TokenClaims } from '../types';
import { CallerCache } from './cache';
import { matchPage } from './match-page';
import { RevocationLog, type Invalidation } from './revocations';
import { loadPrincipal, principalTenants, type Profile, type TokenRules } from './resolve';

/** How long a resolved caller is reused (per user and token tenant). */
const CALLER_TTL_MS = 30_000;
/** Bus channel carrying cache invalidations between server processes. */
export const ACCESS_CHANNEL = 'access';

interface KernelAccess extends AccessService {
  /** Drops cached callers of one user (impersonation start/stop, membership change). */
  invalidateUser(userId: number): void;
  /** Applies invalidations published by other server processes, through the bus and the database (called once the realtime bus exists). */
  listenForInvalidations(): Promise<void>;
  /** Stops reading invalidations and waits for those still being written. */
  stopListening(): Promise<void>;
  /** The session details loaded with a caller. */
  profileOf(caller: Caller): Profile | undefined;
}

/**
 * Whether this token of the caller's user is still good: not issued before the user's cutoff (a password change,
 * reset, MFA reset or revocation; the kept session's grant excepted) and not of a password sign-in while the home
 * membership forces single sign-on. Refused as an expired token: the workspace then tries its refresh token, which
 * works only for the session that made the change.
 */
function tokenRefused(claims: TokenClaims, rules: TokenRules | undefined): boolean {
  if (!rules) return false;
  return cutOff(claims, rules.cutoff) || (rules.ssoRequired && claims.passwordSignIn === true);
}

export function createAccessService(k: Kernel, opts: { ttlMs?: number } = {}): KernelAccess {
  const cache = new CallerCache<Caller>(opts.ttlMs ?? CALLER_TTL_MS);
  const profiles = new WeakMap<Caller, Profile>();
  const rules = new WeakMap<Caller, TokenRules>();
  /** This process's id on the bus. */
  const origin = crypto.randomUUID();
  const applyRemote = (m: Invalidation) => {
    if (typeof m.userId === 'number') cache.invalidateUser(m.userId);
    else cache.invalidateTenant(typeof m.tenantId === 'number' ? m.tenantId : undefined);
  };
  // The bus is at most once (a Redis outage loses messages): invalidations also go through the database.
  const log = new RevocationLog(k, origin, applyRemote);
  return {
    async resolve(claims: TokenClaims): Promise<Caller> {
      const tokenTenant = claims.tenantId ?? null;
      const caller = await cache.get(CallerCache.key(Number(claims.userId), tokenTenant), async () => {
        const p = await loadPrincipal(k, claims);
        Object.freeze(p.caller.pages);
        Object.freeze(p.caller.modules);
        Object.freeze(p.caller);
        profiles.set(p.caller, p.profile);
        rules.set(p.caller, p.tokenRules);
        return { value: p.caller, tags: { userId: p.caller.userId, tenantIds: principalTenants(p, tokenTenant) } };
      });
      if (tokenRefused(claims, rules.get(caller))) throw unauthorized(MSG_TOKEN_EXPIRED);
      return caller;
    },
    // Local at once, then every other server process through the bus (our own echo is ignored).
    invalidate(tenantId?: number) {
      cache.invalidateTenant(tenantId);
      void k.realtime?.publishInternal(ACCESS_CHANNEL, { origin, tenantId: tenantId ?? null });
      log.record({ tenantId: tenantId ?? null });
    },
    invalidateUser(userId: number) {
      cache.invalidateUser(userId);
      void k.realtime?.publishInternal(ACCESS_CHANNEL, { origin, userId });
      log.record({ userId });
    },
    async listenForInvalidations() {
      k.realtime.onInternal(ACCESS_CHANNEL, (m) => {
        if (m.origin === origin) return;
        applyRemote({ tenantId: m.tenantId as number | null, userId: m.userId as number | null });
      });
      await log.start();
    },
    stopListening: () => log.stop(),
    matchPage,
    profileOf(caller: Caller) {
      return profiles.get(caller);
    },
  };
}

/** The kernel's access service with its extras (the kernel types it as AccessService). */
export const kernelAccess = (k: Kernel): KernelAccess => k.access as KernelAccess;
