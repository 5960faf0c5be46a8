/** A kernel's billing instance (what the plugin's `setup` made for it), for code that is handed the kernel. */
import type { Kernel } from '../../../kernel/index';
import type { BillingInstance } from './instance';

export function billingOf(k: Pick<Kernel, 'instance'>): BillingInstance {
  return k.instance<BillingInstance>('billing');
}
