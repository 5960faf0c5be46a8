/**
 * Contract fields (customer-success.md section 3) and the value lists where the spec shows none (see README):
 * statuses, billing cycles, business impact and alert triggers.
 */
import type { z } from 'zod';
import type { contract, linkedGoal } from './api';
import type { contractInput } from './contract-schema';

export const CONTRACT_STATUSES = ['Active', 'Pending', 'Expired', 'Cancelled'] as const;
export const BILLING_CYCLES = ['Monthly', 'Quarterly', 'Semi-Annually', 'Annually', 'Multi-Year', 'One-Time'] as const;
export const BUSINESS_IMPACTS = ['Low', 'Medium', 'High', 'Critical'] as const;
/** Which date raises the contract's alert, lead_time_to_alert_in_days before it. */
export const ALERT_TRIGGERS = ['None', 'End Date', 'Notice Date', 'Next Due Date'] as const;

/** The editable fields of a contract (what insert and update carry): the body schema's output (contract-schema.ts). */
export type ContractInput = z.output<typeof contractInput>;

export type LinkedGoal = z.infer<typeof linkedGoal>;

/** A contract as the API answers it: every field of section 3 (inferred from the route schema, api.ts). */
export type Contract = z.infer<typeof contract>;

export const CONTRACT_LIMITS = { text: 200, description: 4000, cost: 1_000_000_000, days: 3650 } as const;
