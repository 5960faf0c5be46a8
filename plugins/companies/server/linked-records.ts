/**
 * Records of a company that other areas link to (a goal's or a stack service's recommendations, a goal's notes):
 * the plugin that owns a kind of record (recommendations: the projects plugin) registers it at `linkedRecordsPoint`,
 * and a plugin that stores links checks the ids through `checkLinkedRecords` before writing them. A kind nobody
 * registers cannot be linked (400), so no link names a record that does not exist.
 */
import { badRequest, createExtensionPoint, type Kernel, type Trx } from '../../../kernel/index';

export interface LinkedRecordKind {
  /** 'recommendation', 'note', ... */
  kind: string;
  /** Plural for messages ('recommendations'). */
  plural: string;
  /** Those of the ids that name records of the tenant (the request's transaction, under its RLS scope). */
  existing(trx: Trx, ids: readonly number[]): Promise<number[]>;
}

export const linkedRecordsPoint = createExtensionPoint<LinkedRecordKind>(
  'companies.linkedRecords',
  'kinds of company records other areas link to (recommendations, notes)',
);

/** Refuses (400, naming the field) ids of a kind no plugin provides, or ids that name no record of the tenant. */
export async function checkLinkedRecords(
  k: Pick<Kernel, 'extensions'>,
  trx: Trx,
  kind: string,
  ids: readonly number[] | undefined,
  field: string,
): Promise<void> {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) return;
  const provider = k.extensions(linkedRecordsPoint).find((p) => p.kind === kind);
  if (!provider) {
    const message = `No installed plugin provides ${kind} records to link`;
    throw badRequest(message, [{ path: field, message }]);
  }
  const found = new Set(await provider.existing(trx, unique));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    const message = `Unknown ${missing.length === 1 ? provider.kind : provider.plural}: ${missing.join(', ')}`;
    throw badRequest(message, [{ path: field, message }]);
  }
}
