/**
 * Custom field routes: definitions for tenant admins (page /customfields), values per registered target under the
 * target's page (companies: /datamanagercompanies). Thin: parse, call the service, audit, shape the answer.
 */
import { type Kernel, type RouteRegistrar } from '../../../kernel/index';
import {
  customFieldBody,
  customFieldDeleteAnswer,
  customFieldDeleteQuery,
  customFieldsAnswer,
  customFieldsQuery,
  customFieldUpdate,
  customFieldWriteAnswer,
  valuesAnswer,
  valuesBody,
  valuesQuery,
  valuesWriteAnswer,
} from '../shared/custom-fields';
import { id, tenantParams } from '../shared/params';
import { CUSTOM_FIELDS_PAGE } from '../shared/pages';
import {
  changeField,
  createField,
  customFieldTargets,
  listFields,
  recordsWithValues,
  removeField,
  saveRecordValues,
} from './custom-fields';

const fieldParams = tenantParams.extend({ customFieldId: id });
const recordParams = tenantParams.extend({ recordId: id });
const admin = { auth: 'tenantAdmin' as const, page: CUSTOM_FIELDS_PAGE };

export function customFieldRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/customfields',
    {
      summary: 'Custom field definitions of the tenant and the record types they may extend',
      ...admin,
      params: tenantParams,
      query: customFieldsQuery,
      response: customFieldsAnswer,
    },
    async ({ db, query }) => ({
      fields: await listFields(db, query.target),
      targets: customFieldTargets(k).map((t) => ({ target: t.target, title: t.title, page: t.page ?? null })),
    }),
  );
  r.post(
    '/v3/tenant/:tenantId/customfields',
    {
      summary: 'Add a custom field',
      ...admin,
      params: tenantParams,
      body: customFieldBody,
      response: customFieldWriteAnswer,
    },
    async ({ db, tenantId, body, audit }) => {
      const field = await createField(k, db, tenantId, body);
      await audit(
        'customfield.insert',
        { target: field.target, field_key: field.field_key, label: field.label, field_type: field.field_type },
        String(field.custom_field_id),
      );
      return { field, records_updated: 1 };
    },
  );
  r.put(
    '/v3/tenant/:tenantId/customfields/:customFieldId',
    {
      summary: 'Change a custom field (label, required, options, order, active)',
      ...admin,
      params: fieldParams,
      body: customFieldUpdate,
      response: customFieldWriteAnswer,
    },
    async ({ db, params, body, audit }) => {
      const field = await changeField(db, params.customFieldId, body);
      const { version: _v, ...changes } = body;
      await audit('customfield.update', { field_key: field.field_key, ...changes }, String(field.custom_field_id));
      return { field, records_updated: 1 };
    },
  );
  r.delete(
    '/v3/tenant/:tenantId/customfields/:customFieldId',
    {
      summary: 'Delete a custom field; one with values needs confirm=true (409 has_values otherwise)',
      ...admin,
      params: fieldParams,
      query: customFieldDeleteQuery,
      response: customFieldDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      const { field, values_deleted } = await removeField(db, params.customFieldId, {
        confirm: query.confirm === 'true',
        version: query.version,
      });
      await audit(
        'customfield.delete',
        { target: field.target, field_key: field.field_key, label: field.label, values_deleted },
        String(field.custom_field_id),
      );
      return { records_updated: 1, values_deleted };
    },
  );

  for (const target of customFieldTargets(k)) {
    const base = `/v3/tenant/:tenantId/customfields/values/${target.target}`;
    const access = target.page ? { page: target.page } : {};
    r.get(
      base,
      {
        summary: `Custom field values of ${target.title.toLowerCase()} (filter: field and value)`,
        ...access,
        params: tenantParams,
        query: valuesQuery,
        response: valuesAnswer,
      },
      async ({ db, query }) => recordsWithValues(db, target.target, query),
    );
    r.put(
      `${base}/:recordId`,
      {
        summary: `Set custom field values of one of the ${target.title.toLowerCase()} (null removes one)`,
        ...access,
        params: recordParams,
        body: valuesBody,
        response: valuesWriteAnswer,
      },
      async ({ db, tenantId, params, body, audit }) => {
        const saved = await saveRecordValues(db, tenantId, target, params.recordId, body.values);
        if (saved.changed)
          await audit(
            'customfield.values',
            { target: target.target, record_id: params.recordId, values: body.values },
            String(params.recordId),
          );
        return { record_id: params.recordId, values: saved.values, records_updated: saved.changed };
      },
    );
  }
}
