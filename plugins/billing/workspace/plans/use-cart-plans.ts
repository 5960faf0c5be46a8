/** The cart of the plans pages bound to the catalogue: its plans, options, the cart rules' messages and actions. */
import { useCallback, useMemo, useState } from 'react';
import { navigate } from '../../../../workspace/sdk';
import {
  addToCart,
  cartPlanIds,
  changeCartOptions,
  plansFromIds,
  removeFromCart,
  type CartMessage,
} from '../../shared/cart-rules';
import type { FlatPlan, PlanCurrency, PlanInterval } from '../../shared/types';
import { checkoutUrl, useCart } from '../cart-store';

export interface CartPlans {
  plans: FlatPlan[];
  currency: PlanCurrency;
  interval: PlanInterval;
  messages: CartMessage[];
  dismissMessages(): void;
  add(plan: FlatPlan): void;
  remove(planId: string): void;
  /** Changes currency and/or interval; the cart's plans follow (cart rules). */
  setOptions(next: { currency?: PlanCurrency; interval?: PlanInterval }): void;
  /** Goes to the sign-up wizard with the cart (plus `plan` when given). */
  checkout(plan?: FlatPlan, affiliate?: string | null): void;
}

function logWarnings(warnings: string[]): void {
  for (const w of warnings) console.warn(w);
}

export function useCartPlans(catalogue: FlatPlan[] | null): CartPlans {
  const [cart, setCart] = useCart();
  const [messages, setMessages] = useState<CartMessage[]>([]);
  const plans = useMemo(() => (catalogue ? plansFromIds(cart.planIds, catalogue) : []), [catalogue, cart.planIds]);

  const add = useCallback(
    (plan: FlatPlan) => {
      if (!catalogue) return;
      const r = addToCart(plans, plan, catalogue);
      logWarnings(r.warnings);
      setMessages(r.messages);
      setCart({ planIds: cartPlanIds(r.plans), currency: plan.plan_currency, interval: plan.plan_interval });
    },
    [catalogue, plans, setCart],
  );

  const remove = useCallback(
    (planId: string) => {
      setCart({ ...cart, planIds: cartPlanIds(removeFromCart(plans, planId)) });
    },
    [cart, plans, setCart],
  );

  const setOptions = useCallback(
    (next: { currency?: PlanCurrency; interval?: PlanInterval }) => {
      const options = { currency: next.currency ?? cart.currency, interval: next.interval ?? cart.interval };
      if (!catalogue) {
        setCart({ ...cart, ...options });
        return;
      }
      const r = changeCartOptions(plans, catalogue, options);
      logWarnings(r.warnings);
      setMessages(r.messages);
      setCart({ planIds: cartPlanIds(r.plans), ...options });
    },
    [cart, catalogue, plans, setCart],
  );

  const checkout = useCallback(
    (plan?: FlatPlan, affiliate?: string | null) => {
      let ids = cartPlanIds(plans);
      if (plan && catalogue) {
        const r = addToCart(plans, plan, catalogue);
        ids = cartPlanIds(r.plans);
        setCart({ planIds: ids, currency: plan.plan_currency, interval: plan.plan_interval });
      }
      if (ids.length) void navigate(checkoutUrl(ids, affiliate));
    },
    [catalogue, plans, setCart],
  );

  return {
    plans,
    currency: cart.currency,
    interval: cart.interval,
    messages,
    dismissMessages: () => setMessages([]),
    add,
    remove,
    setOptions,
    checkout,
  };
}
