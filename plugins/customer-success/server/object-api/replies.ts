/**
 * The replies of the object API's routes: how a handler's list value is sent (toResponse) and the zod schemas each
 * route of an object type declares for them (replySchemas, from the type's `reply`).
 */
import { z } from 'zod';
import type { CsServices } from '../services';
import { CsResult, type CsEnvelopeDef, type CsListValue, type CsObjectDef, type CsReplyDef } from './registry';

export function toResponse(def: CsObjectDef, value: CsListValue): Record<string, unknown> {
  return value instanceof CsResult ? { [def.responseKey]: value.value, ...value.extra } : { [def.responseKey]: value };
}

const records = { records_updated: z.number().int() };

/**
 * The reply schemas of an object type's routes, from its `reply`: a list answers { [responseKey]: value, ...extra },
 * one record (get, create, update) { [responseKey]: [row] }, a save the list's answer with records_updated.
 */
export function replySchemas(def: CsObjectDef, cs: CsServices) {
  const reply: CsReplyDef = typeof def.reply === 'function' ? def.reply(cs) : def.reply;
  const need = (what: string): never => {
    throw new Error(`CS object ${def.name}: reply.${what} is required (${def.responseKey})`);
  };
  const listValue = reply.value ?? (reply.row ? z.array(reply.row) : need('row or reply.value'));
  const envelope = (e?: CsEnvelopeDef) =>
    z.object({ [def.responseKey]: e?.value ?? listValue, ...(e?.extra ?? reply.extra ?? {}) });
  const record = () => reply.record ?? reply.row ?? need('row');
  const rows = () => z.object({ ...records, [def.responseKey]: z.array(record()) });
  return {
    list: envelope(),
    one: () => z.object({ [def.responseKey]: z.array(record()) }),
    written: rows,
    envelope,
    saved: (e?: CsEnvelopeDef) => z.object({ ...records, ...envelope(e).shape }),
    removed: z.object(records),
  };
}

/** The reply of a POST that may answer any of several alternatives (the most specific first: a union takes the first match). */
export const anyOf = (alternatives: z.ZodType[]): z.ZodType =>
  alternatives.length === 1 ? alternatives[0] : z.union(alternatives as [z.ZodType, z.ZodType, ...z.ZodType[]]);
