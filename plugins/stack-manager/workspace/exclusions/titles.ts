/** Texts of the contract exclusion lists and dialogs, per type. */
import type { ExclusionType } from '../../shared/contract-exclusion';

export const EXCLUSION_TITLES: Record<
  ExclusionType,
  { list: string; dialog: string; empty: string; search: string; noOptions: string; one: string }
> = {
  vendor: {
    list: 'Excluded Vendors',
    dialog: 'Edit Excluded Vendors',
    empty: 'No vendors are excluded.',
    search: 'Search vendors',
    noOptions: "The tenant's contracts name no vendors yet.",
    one: 'vendor',
  },
  account: {
    list: 'Excluded Accounts',
    dialog: 'Edit Excluded Accounts',
    empty: 'No accounts are excluded.',
    search: 'Search accounts',
    noOptions: "The tenant's contracts name no accounts yet.",
    one: 'account',
  },
};

export const MSG_CHANGES_DETECTED = 'Changes Detected, click Save Changes to Apply';
