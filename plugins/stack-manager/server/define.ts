/** Stack object types of the CS object API: defineCsObject with the stack's response fields (shared/stack-objects.ts). */
import type { z } from 'zod';
import { defineCsObject, type CsObjectDef } from '../../customer-success/public';
import { STACK_OBJECT_KEYS } from '../shared/stack-objects';

export function defineStackObject<
  S extends z.ZodType,
  U extends z.ZodType = S,
  Q extends z.ZodType = z.ZodObject<Record<string, never>>,
>(def: CsObjectDef<S, U, Q>): CsObjectDef {
  return defineCsObject<S, U, Q>(def, STACK_OBJECT_KEYS);
}
