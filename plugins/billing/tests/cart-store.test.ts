/** The cart store of the plans pages: localStorage with a 1-day expiry, checkout URL, cart= parsing. */
import { CART_STORAGE_KEY, CART_TTL_MS, checkoutUrl, parseCartParam } from '../workspace/cart-store';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

let mem: MemoryStorage;
beforeEach(() => {
  jest.resetModules();
  mem = new MemoryStorage();
  (globalThis as unknown as { localStorage: MemoryStorage }).localStorage = mem;
});
afterAll(() => {
  delete (globalThis as unknown as { localStorage?: unknown }).localStorage;
});

const load = () => {
  jest.resetModules();
  return require('../workspace/cart-store') as typeof import('../workspace/cart-store');
};

test('a written cart is read back (ids de-duplicated) and notifies subscribers', () => {
  const store = load();
  const seen: number[] = [];
  const off = store.subscribeCart(() => seen.push(store.readCart().planIds.length));
  store.writeCart({
    planIds: ['plan_plus_usd_month', 'plan_plus_usd_month', 'plan_cs_basic_usd_month'],
    currency: 'usd',
    interval: 'month',
  });
  off();
  expect(seen).toEqual([2]);
  const again = load();
  expect(again.readCart()).toEqual({
    planIds: ['plan_plus_usd_month', 'plan_cs_basic_usd_month'],
    currency: 'usd',
    interval: 'month',
  });
});

test('a cart older than one day is empty; damaged or foreign values are ignored', () => {
  const now = Date.now();
  mem.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      planIds: ['plan_basic_usd_month'],
      currency: 'cad',
      interval: 'year',
      savedAt: now - CART_TTL_MS - 1,
    }),
  );
  expect(load().readCart(now).planIds).toEqual([]);
  mem.setItem(CART_STORAGE_KEY, '{not json');
  expect(load().readCart(now).planIds).toEqual([]);
  mem.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ planIds: ['ok_id', 42, '<script>'], currency: 'eur', interval: 'week', savedAt: now }),
  );
  expect(load().readCart(now)).toEqual({ planIds: ['ok_id'], currency: 'usd', interval: 'month' });
});

test('clearCart keeps the options', () => {
  const store = load();
  store.writeCart({ planIds: ['plan_plus_cad_year'], currency: 'cad', interval: 'year' });
  store.clearCart();
  expect(store.readCart()).toEqual({ planIds: [], currency: 'cad', interval: 'year' });
});

test('checkout URL: /signUpWithTenant?cart=<comma-separated ids>, with the affiliate code when given; parse back', () => {
  expect(checkoutUrl(['plan_professional_cad_year', 'plan_cs_basic_cad_year'])).toBe(
    '/signUpWithTenant?cart=plan_professional_cad_year,plan_cs_basic_cad_year',
  );
  expect(checkoutUrl(['plan_affiliate_usd_month'], 'acme & co')).toBe(
    '/signUpWithTenant?cart=plan_affiliate_usd_month&affiliate=acme%20%26%20co',
  );
  const q = new URLSearchParams(checkoutUrl(['a', 'b']).split('?')[1]);
  expect(parseCartParam(q.get('cart'))).toEqual(['a', 'b']);
  expect(parseCartParam(' a, ,b,a ')).toEqual(['a', 'b']);
  expect(parseCartParam(null)).toEqual([]);
});
