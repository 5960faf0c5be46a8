/**
 * autofillSSOData (platform.md 2.1): what an external identity provider told
 * about the user, passed to the wizard as JSON or base64url JSON. Such users
 * skip the password and name checks (section 5). Pure.
 */
export interface AutofillData {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

const pick = (o: Record<string, unknown>, ...keys: string[]): string => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return '';
};

function decode(raw: string): unknown {
  const t = raw.trim();
  try {
    return JSON.parse(t);
  } catch {
    /* not plain JSON */
  }
  try {
    const b64 = t.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

/** The user the provider described, or null when the value is missing, unreadable or has no e-mail. */
export function parseAutofillSSOData(raw: string | null | undefined): AutofillData | null {
  if (!raw) return null;
  const v = decode(raw);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const email = pick(o, 'email', 'username', 'Email');
  if (!email || !email.includes('@')) return null;
  return {
    email,
    firstName: pick(o, 'firstName', 'first_name', 'given_name', 'name_first', 'FirstName'),
    lastName: pick(o, 'lastName', 'last_name', 'family_name', 'name_last', 'LastName'),
    companyName: pick(o, 'companyName', 'company_name', 'company', 'CompanyName'),
    phone: pick(o, 'phone', 'phoneNumber', 'phone_number'),
  };
}
