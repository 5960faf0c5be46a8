/**
 * TOTP (RFC 6238) for authenticator apps through otplib: SHA-1, 6 digits,
 * 30-second steps, a code of the previous or next step accepted (window +-1),
 * and never a step at or before the last one accepted (no replay).
 */
import { generateSecret, generateURI, verify } from 'otplib';

const TOTP_ISSUER = 'Lifecycle';
const TOTP_PERIOD = 30;
const CODE = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, label: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label, secret });
}

/** The time step the code belongs to when it is right and newer than `afterTimeStep`; null otherwise. */
export async function checkTotp(
  secret: string,
  code: unknown,
  afterTimeStep: number | null,
  epoch?: number,
): Promise<number | null> {
  const token = typeof code === 'string' ? code.trim() : typeof code === 'number' ? String(code).padStart(6, '0') : '';
  if (!CODE.test(token)) return null;
  try {
    const r = await verify({
      secret,
      token,
      epochTolerance: TOTP_PERIOD,
      period: TOTP_PERIOD,
      ...(epoch !== undefined ? { epoch } : {}),
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
    });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}
