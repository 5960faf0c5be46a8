/** /cart (public, bare layout): the cart as a page, with the currency and interval switches and Checkout. */
import { AnchorButton } from '@blueprintjs/core';
import { useEffect } from 'react';
import { PageLoadError, PageLoading } from '../../../../workspace/sdk';
import { CartPanel } from './CartPanel';
import { OptionSwitches } from './OptionSwitches';
import { PlansFrame } from './PlansFrame';
import { useCartPlans } from './use-cart-plans';
import { useCatalogue } from './use-catalogue';
import './plans.css';

export default function CartPage() {
  const catalogue = useCatalogue();
  const cart = useCartPlans(catalogue.plans);
  useEffect(() => {
    document.title = 'Your cart · Lifecycle';
  }, []);
  return (
    <PlansFrame title="Your cart" actions={<AnchorButton icon="arrow-left" href="/plans" text="Back to plans" />}>
      {catalogue.error && (
        <PageLoadError
          title="The plans could not be loaded"
          error={catalogue.error}
          retry={catalogue.retry}
          busy={catalogue.busy}
        />
      )}
      {!catalogue.error && !catalogue.plans && <PageLoading what="your cart" />}
      {catalogue.plans && (
        <div className="lci-cart-page">
          <OptionSwitches currency={cart.currency} interval={cart.interval} onChange={cart.setOptions} />
          <CartPanel
            plans={cart.plans}
            currency={cart.currency}
            interval={cart.interval}
            messages={cart.messages}
            onDismissMessages={cart.dismissMessages}
            onRemove={cart.remove}
            onCheckout={() => cart.checkout()}
          />
        </div>
      )}
    </PlansFrame>
  );
}
