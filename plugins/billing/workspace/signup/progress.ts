/**
 * What Finish has done so far (platform.md 4.4: create the identity user once,
 * the user and tenant once), kept in sessionStorage for the e-mail being signed
 * up, so a retry (also after a reload) skips the steps that succeeded.
 */
export interface SignupDraft {
  user: { firstName: string; lastName: string; email: string; phone: string };
  account: { companyName: string; emailDomain: string; website: string };
}

export interface SignupProgress {
  email: string;
  identityCreated: boolean;
  tenant: { userId: number; tenantId: number } | null;
  /** The wizard's fields (never the password), to come back to after a canceled checkout. */
  draft?: SignupDraft;
}

export const PROGRESS_KEY = 'lci:billing:signup-progress';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : '');

function readDraft(v: unknown): SignupDraft | undefined {
  const d = v as SignupDraft | undefined;
  if (!d || typeof d !== 'object' || !d.user || !d.account) return undefined;
  return {
    user: {
      firstName: text(d.user.firstName),
      lastName: text(d.user.lastName),
      email: text(d.user.email),
      phone: text(d.user.phone),
    },
    account: {
      companyName: text(d.account.companyName),
      emailDomain: text(d.account.emailDomain),
      website: text(d.account.website),
    },
  };
}

/** The progress kept, whoever it is for, or null. */
export function readLatestProgress(store: Storage | null = storage()): SignupProgress | null {
  try {
    const v = JSON.parse(store?.getItem(PROGRESS_KEY) ?? 'null') as SignupProgress | null;
    if (!v || typeof v.email !== 'string') return null;
    const t = v.tenant;
    const draft = readDraft(v.draft);
    return {
      email: v.email,
      identityCreated: v.identityCreated === true,
      tenant:
        t && Number.isSafeInteger(t.userId) && Number.isSafeInteger(t.tenantId)
          ? { userId: t.userId, tenantId: t.tenantId }
          : null,
      ...(draft ? { draft } : {}),
    };
  } catch {
    return null;
  }
}

/** The progress of this e-mail (case-insensitive), or a fresh one. */
export function readProgress(email: string, store: Storage | null = storage()): SignupProgress {
  const key = email.trim().toLowerCase();
  const latest = readLatestProgress(store);
  return latest && latest.email === key ? latest : { email: key, identityCreated: false, tenant: null };
}

export function writeProgress(p: SignupProgress, store: Storage | null = storage()): void {
  try {
    store?.setItem(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    /* storage unavailable: memory only */
  }
}

export function clearProgress(store: Storage | null = storage()): void {
  try {
    store?.removeItem(PROGRESS_KEY);
  } catch {
    /* nothing kept */
  }
}
