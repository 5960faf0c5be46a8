import { consentOutcome, isConsentReturn } from './consent-return';

test('a one-segment path with a consent query is a consent return', () => {
  expect(isConsentReturn('/a1b2c3', 'error=access_denied&error_description=The+user+declined')).toBe(true);
  expect(isConsentReturn('/a1b2c3', 'tenant=9f2e')).toBe(true);
  expect(isConsentReturn('/a1b2c3', '')).toBe(false);
  expect(isConsentReturn('/cs/dashboard', 'tenant=1')).toBe(false);
});

test('the outcome names the error and its description, or the tenant', () => {
  expect(consentOutcome('error=access_denied&error_description=The+user+declined')).toEqual({
    ok: false,
    error: 'access_denied',
    description: 'The user declined',
    tenant: null,
  });
  expect(consentOutcome('tenant=9f2e')).toEqual({ ok: true, error: null, description: null, tenant: '9f2e' });
});
