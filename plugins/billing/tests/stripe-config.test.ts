/** The Stripe variables: the key switches Stripe on; the API URL is https (http only on loopback). */
import { ConfigError, describeConfig, loadConfig } from '../../../tests/sdk';

test('without a key billing is embedded; with one the SDK options come from LCI_STRIPE_API_URL', () => {
  expect(loadConfig({}).stripe).toBeUndefined();
  expect(loadConfig({ LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12' }).stripe).toEqual({ secretKey: 'sk_test_abcdef12' });
  expect(
    loadConfig({
      LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12',
      LCI_STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
      LCI_STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).stripe,
  ).toEqual({
    secretKey: 'sk_test_abcdef12',
    webhookSecret: 'whsec_12345678',
    host: '127.0.0.1',
    port: 12111,
    protocol: 'http',
  });
  expect(
    loadConfig({ LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12', LCI_STRIPE_API_URL: 'https://stripe-proxy.example.com' })
      .stripe,
  ).toMatchObject({ host: 'stripe-proxy.example.com', port: 443, protocol: 'https' });
});

test('http to a remote host, and Stripe variables without the key, are errors naming the variable; secrets are redacted', () => {
  expect(() =>
    loadConfig({ LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12', LCI_STRIPE_API_URL: 'http://stripe.example.com' }),
  ).toThrow(ConfigError);
  expect(() =>
    loadConfig({ LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12', LCI_STRIPE_API_URL: 'http://stripe.example.com' }),
  ).toThrow(/LCI_STRIPE_API_URL .*https URL \(http only on loopback\)/);
  expect(() => loadConfig({ LCI_STRIPE_WEBHOOK_SECRET: 'whsec_12345678' })).toThrow(
    /LCI_STRIPE_SECRET_KEY must be set/,
  );
  const shown = describeConfig({ LCI_STRIPE_SECRET_KEY: 'sk_test_abcdef12' }).find(
    (v) => v.variable === 'LCI_STRIPE_SECRET_KEY',
  );
  expect(shown).toMatchObject({ value: '••••••', source: 'environment' });
});
