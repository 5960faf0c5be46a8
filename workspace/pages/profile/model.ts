/** /profile helpers: the API paths and field errors of an ApiError by field name. Pure. */
import type { ApiError } from '../../api';

export const PROFILE_URL = '/v3/manager/profile';
export const MFA_URL = `${PROFILE_URL}/mfa`;
export const securityUrl = (tenantId: number) => `/v3/tenantadmin/${tenantId}/security`;

/** { firstName: 'Required.' } from the server's fields ('body.firstName'); the message itself under '' when no field. */
export function fieldErrors(e: unknown): Record<string, string> {
  const err = e as Partial<ApiError>;
  const out: Record<string, string> = {};
  for (const f of err.fields ?? []) out[f.path.replace(/^body\./, '')] ??= f.message;
  if (!err.fields?.length) out[''] = err.message || 'Something went wrong. Please try again.';
  return out;
}

export const MFA_LABEL = { SOFTWARE_TOKEN_MFA: 'Authenticator app', SMS_MFA: 'Text message (SMS)' } as const;
