/**
 * The cart of the plans pages, kept in localStorage (plan ids plus the chosen currency and interval)
 * with the workspace's 1-day expiry of local state (platform.md section 9). Shared by /plans,
 * /Plans/{affiliate} and /cart; the sign-up wizard receives the cart as `?cart=<comma-separated plan ids>`.
 */
import { useSyncExternalStore } from 'react';
import type { PlanCurrency, PlanInterval } from '../shared/types';

export interface StoredCart {
  planIds: string[];
  currency: PlanCurrency;
  interval: PlanInterval;
}

export const CART_STORAGE_KEY = 'lci:billing:cart';
/** Local state persistence: 1-day expiry. */
export const CART_TTL_MS = 24 * 60 * 60 * 1000;
export const EMPTY_CART: StoredCart = Object.freeze({ planIds: [], currency: 'usd', interval: 'month' }) as StoredCart;

const listeners = new Set<() => void>();
let snapshot: StoredCart | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null, now: number): StoredCart {
  if (!raw) return EMPTY_CART;
  try {
    const v = JSON.parse(raw) as Partial<StoredCart> & { savedAt?: number };
    if (typeof v.savedAt !== 'number' || now - v.savedAt > CART_TTL_MS) return EMPTY_CART;
    const planIds = Array.isArray(v.planIds)
      ? v.planIds.filter((id): id is string => typeof id === 'string' && /^[\w.+-]{1,200}$/.test(id))
      : [];
    return {
      planIds: [...new Set(planIds)],
      currency: v.currency === 'cad' ? 'cad' : 'usd',
      interval: v.interval === 'year' ? 'year' : 'month',
    };
  } catch {
    return EMPTY_CART;
  }
}

export function readCart(now = Date.now()): StoredCart {
  snapshot ??= parse(storage()?.getItem(CART_STORAGE_KEY) ?? null, now);
  return snapshot;
}

export function writeCart(cart: StoredCart, now = Date.now()): void {
  snapshot = { planIds: [...new Set(cart.planIds)], currency: cart.currency, interval: cart.interval };
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify({ ...snapshot, savedAt: now }));
  } catch {
    /* private mode: memory only */
  }
  for (const l of listeners) l();
}

export function clearCart(): void {
  const { currency, interval } = readCart();
  writeCart({ planIds: [], currency, interval });
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CART_STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The cart and its setter; re-renders on changes (also from another tab). */
export function useCart(): [StoredCart, (cart: StoredCart) => void] {
  const cart = useSyncExternalStore(
    subscribeCart,
    () => readCart(),
    () => EMPTY_CART,
  );
  return [cart, writeCart];
}

/** Where Checkout goes: the sign-up wizard with the cart (and the affiliate code on affiliate pages). */
export function checkoutUrl(planIds: readonly string[], affiliate?: string | null): string {
  const q = `cart=${planIds.map(encodeURIComponent).join(',')}`;
  return `/signUpWithTenant?${q}${affiliate ? `&affiliate=${encodeURIComponent(affiliate)}` : ''}`;
}

/** Plan ids of a `cart=` query value (comma-separated). */
export function parseCartParam(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
