/**
 * The Stack Manager's service and product records as the API answers them (issue 6 contract; customer-success.md
 * section 3): one type for the server (server/stack/services-store.ts) and the workspace (workspace/stack/types.ts),
 * inferred from the reply schemas (shared/api.ts).
 */
import type { z } from 'zod';
import type { stackProduct, stackService } from './api';

export type StackProduct = z.infer<typeof stackProduct>;
export type StackService = z.infer<typeof stackService>;
