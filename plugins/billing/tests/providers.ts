/**
 * The billing providers the API suites run on (describe.each(PROVIDERS)): each setup starts what its provider
 * needs and returns the test server's environment, and plays the customer at its checkout. The embedded
 * provider needs nothing; a Stripe setup (loopback stand-in) is added next to it.
 */
import type { TestServer } from '../../../tests/sdk';
import type { ProviderName } from '../server/provider';
import { stripeSetup } from './stripe-setup';

export interface ProviderSetup {
  name: ProviderName;
  /** Starts the provider's side (a stand-in, ...); env goes to startTestServer. */
  start(): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
  /**
   * The customer pays a checkout session (subscription or setup mode) with a valid card, card number given or
   * 4242 4242 4242 4242; resolves once the server has applied the result (embedded: the form post; Stripe: the
   * stand-in's completion and its webhook events delivered).
   */
  completeCheckout(s: TestServer, checkout: { id: string; url: string }, card?: { number?: string }): Promise<void>;
}

/** Posts the embedded checkout form as a browser would; expects the redirect to the success URL. */
export async function postEmbeddedCheckout(
  url: string,
  card: { name?: string; number?: string; expiry?: string; cvc?: string } = {},
): Promise<Response> {
  const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
  const form = new URLSearchParams({
    name: card.name ?? 'Jordan Reyes',
    number: card.number ?? '4242 4242 4242 4242',
    expiry: card.expiry ?? `12/${year}`,
    cvc: card.cvc ?? '123',
  });
  return fetch(url, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export const embedded: ProviderSetup = {
  name: 'embedded',
  async start() {
    return { env: {}, stop: async () => {} };
  },
  async completeCheckout(_s, checkout, card) {
    const res = await postEmbeddedCheckout(checkout.url, { number: card?.number });
    if (res.status !== 303)
      throw new Error(`embedded checkout answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  },
};

// Stripe through the real SDK against a loopback stand-in (stripe-setup.ts).
export const PROVIDERS: ProviderSetup[] = [embedded, stripeSetup];
