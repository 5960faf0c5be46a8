/** `lci stack export`: the tenant's stack catalogue as a stack document (shared/stack-io.ts), read in the caller's transaction. */
import type { Trx } from '../../../../kernel/index';
import { STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import { stackDocument, type StackDocument } from '../../shared/stack-io';
import { loadCategories } from './categories';
import { loadServices } from './services-store';
import { listTags } from './tags';

export async function loadStackDocument(db: Trx): Promise<StackDocument> {
  const [categories, tags, services] = [
    await loadCategories(db),
    await listTags(db, { typeCode: STACK_TAG_TYPE }),
    await loadServices(db, { usage: false }),
  ];
  return stackDocument({
    categories,
    tags: tags.map((t) => ({ tagId: t.tag_id, moniker: t.moniker, color: t.color })),
    services,
  });
}

/** Names of the active categories and stack tags (a document's services may name them without listing them). */
export async function knownStackNames(db: Trx): Promise<{ categories: string[]; tags: string[] }> {
  return {
    categories: await db('cs_stack_categories').where('active_flag', true).pluck('moniker'),
    tags: await db('tenant_tags').where({ active_flag: true, type_code: STACK_TAG_TYPE }).pluck('moniker'),
  };
}
