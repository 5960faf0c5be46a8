/**
 * Stack catalogue object types (customer-success.md sections 2 "Stack Manager", 3, 7 "Stack and tags"):
 *   TenantCsStackService            services with products and tags; PUT without id = saveStackServices
 *   TenantCsStackCategory           categories; PUT without id = the Category Manager's save
 *   TenantCsStackTag                stack tags (name and colour)
 *   TenantCompanyCsStackTagManager  the stack tags of a company
 * Catalogue writes need a tenant admin with Read/Write on the Stack Manager; company tags Read/Write on company detail.
 */
import { z } from 'zod';
import { badRequest, notFound } from '../../../../kernel/index';
import { csResult, type CsObjectDef } from '../../../customer-success/public';
import { defineStackObject } from '../define';
import { COMPANY_DETAIL_PAGE } from '../../../customer-success/public';
import { STACK_MANAGER_PAGE } from '../pages';
import { createCategory, deleteCategory, loadCategories, saveCategories, updateCategory } from './categories';
import { listCompanyTags, setCompanyTags } from './company-tags';
import { saveStackServices } from './save-services';
import {
  categoryBody,
  categoryUpdateBody,
  companyTagsBody,
  saveCategoriesBody,
  saveServicesBody,
  serviceCreateBody,
  serviceUpdateBody,
  tagBody,
  tagUpdateBody,
  type SaveServicesBody,
} from './schemas';
import { loadService, loadServices } from './services-store';
import { deleteTag, listTags, saveTag, tagToApi } from './tags';
import { STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import {
  companyStackTag,
  restoreServiceExtra,
  saveCategoriesExtra,
  saveServicesExtra,
  stackCategory,
  stackService,
  stackTag,
} from '../../shared/api';

const tenantCsStackService = defineStackObject({
  name: 'TenantCsStackService',
  responseKey: 'tenantCsStackServices',
  companyLevel: false,
  summary: 'Stack services with their products, tags, category and usage (PUT without id: saveStackServices)',
  pages: { write: STACK_MANAGER_PAGE },
  adminWrites: true,
  reply: { row: stackService },
  schema: serviceCreateBody,
  updateSchema: serviceUpdateBody,
  async list({ db }, { activeFlag }) {
    return loadServices(db, { activeFlag });
  },
  get: ({ db }, id) => loadService(db, id),
  async create({ db, tenantId, caller }, body) {
    const r = await saveStackServices(
      db,
      tenantId,
      { services: [{ ...body, serviceId: -1 }] },
      caller?.userId ?? null,
      () => 'body',
    );
    return loadService(db, r.serviceIds[0]);
  },
  async update({ db, tenantId, caller }, id, body) {
    if (!(await db('cs_stack_services').first('service_id').where({ service_id: id }))) return undefined;
    await saveStackServices(
      db,
      tenantId,
      { services: [{ ...body, serviceId: id }] },
      caller?.userId ?? null,
      () => 'body',
    );
    return loadService(db, id);
  },
  async remove({ db }, id) {
    const n = await db('cs_stack_services')
      .where({ service_id: id, active_flag: true })
      .update({ active_flag: false, version: db.raw('version + 1'), updated_at: db.fn.now() });
    return Number(n) > 0;
  },
  save: {
    reply: { extra: saveServicesExtra },
    schema: saveServicesBody,
    async handler({ db, tenantId, caller }, body: SaveServicesBody) {
      const r = await saveStackServices(db, tenantId, body, caller?.userId ?? null);
      return csResult(await loadServices(db), {
        idMap: r.idMap,
        productIdMap: r.productIdMap,
        records_updated: r.recordsUpdated,
      });
    },
  },
  actions: {
    restore: {
      reply: { extra: restoreServiceExtra },
      schema: z.object({}),
      async handler({ db }, _body, { id }) {
        if (!id) throw badRequest('Restore needs a service id', [{ path: 'params.id', message: 'Required.' }]);
        const n = await db('cs_stack_services')
          .where({ service_id: id, active_flag: false })
          .update({
            active_flag: true,
            sort: db.raw('coalesce(sort, 0)'),
            version: db.raw('version + 1'),
            updated_at: db.fn.now(),
          });
        const service = await loadService(db, id);
        if (!service) throw notFound(`TenantCsStackService ${id} not found`);
        return csResult([service], { records_updated: Number(n) });
      },
    },
  },
});

const tenantCsStackCategory = defineStackObject({
  name: 'TenantCsStackCategory',
  responseKey: 'tenantCsStackCategories',
  companyLevel: false,
  summary: 'Stack categories with their services (PUT without id: the Category Manager save)',
  pages: { write: STACK_MANAGER_PAGE },
  adminWrites: true,
  reply: { row: stackCategory },
  schema: categoryBody,
  updateSchema: categoryUpdateBody,
  list: ({ db }, { activeFlag }) => loadCategories(db, { activeFlag }),
  get: async ({ db }, id) => (await loadCategories(db, { ids: [id] }))[0],
  async create({ db, tenantId }, body) {
    const id = await createCategory(db, tenantId, body);
    return (await loadCategories(db, { ids: [id] }))[0];
  },
  async update({ db }, id, body) {
    if (!(await updateCategory(db, id, body))) return undefined;
    return (await loadCategories(db, { ids: [id] }))[0];
  },
  remove: ({ db }, id) => deleteCategory(db, id),
  save: {
    reply: { extra: saveCategoriesExtra },
    schema: saveCategoriesBody,
    async handler({ db, tenantId }, body: z.output<typeof saveCategoriesBody>) {
      const idMap = await saveCategories(db, tenantId, body.categories);
      return csResult(await loadCategories(db), { idMap });
    },
  },
});

const tenantCsStackTag = defineStackObject({
  name: 'TenantCsStackTag',
  responseKey: 'tenantCsStackTags',
  companyLevel: false,
  summary: "Stack tags (typeCode 'cs_stack'): name and colour",
  pages: { write: STACK_MANAGER_PAGE },
  adminWrites: true,
  reply: { row: stackTag },
  schema: tagBody,
  updateSchema: tagUpdateBody,
  async list({ db }, { activeFlag }) {
    return (await listTags(db, { typeCode: STACK_TAG_TYPE, activeFlag })).map(tagToApi);
  },
  async get({ db }, id) {
    const [t] = await listTags(db, { typeCode: STACK_TAG_TYPE, ids: [id] });
    return t ? tagToApi(t) : undefined;
  },
  async create({ db, tenantId }, body) {
    return tagToApi((await saveTag(db, tenantId, { ...body, typeCode: STACK_TAG_TYPE }))!);
  },
  async update({ db, tenantId }, id, body) {
    const [t] = await listTags(db, { typeCode: STACK_TAG_TYPE, ids: [id] });
    if (!t || !t.active_flag) return undefined;
    const saved = await saveTag(db, tenantId, { ...body, tagId: id });
    return saved ? tagToApi(saved) : undefined;
  },
  async remove({ db, tenantId, caller }, id) {
    const [t] = await listTags(db, { typeCode: STACK_TAG_TYPE, ids: [id] });
    return t ? deleteTag(db, tenantId, id, caller?.userId ?? null) : false;
  },
});

const tenantCompanyCsStackTagManager = defineStackObject({
  name: 'TenantCompanyCsStackTagManager',
  responseKey: 'tenantCompanyCsStackTags',
  companyLevel: true,
  summary: "Stack tags of companies (PUT ?tenantCompanyId= { tagIds } replaces a company's tags)",
  pages: { write: COMPANY_DETAIL_PAGE },
  reply: { row: companyStackTag },
  schema: companyTagsBody,
  async list({ db }, { tenantCompanyId, companyIds }) {
    return listCompanyTags(db, tenantCompanyId ? [tenantCompanyId] : companyIds);
  },
  save: {
    schema: companyTagsBody,
    async handler({ db, tenantId }, body: z.output<typeof companyTagsBody>, { tenantCompanyId }) {
      await setCompanyTags(db, tenantId, tenantCompanyId!, body.tagIds);
      return listCompanyTags(db, [tenantCompanyId!]);
    },
  },
});

export const STACK_OBJECTS: CsObjectDef[] = [
  tenantCsStackService,
  tenantCsStackCategory,
  tenantCsStackTag,
  tenantCompanyCsStackTagManager,
];
