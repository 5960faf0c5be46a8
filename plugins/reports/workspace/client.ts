/** The builder's calls (shared/api.ts has the routes' schemas; the server checks every body again). */
import { api } from '../../../workspace/sdk';
import {
  builderPaths as p,
  type AddComponentBody,
  type CompanyComponentAnswer,
  type CompanyComponentBody,
  type ComponentRow,
  type ComponentTypesAnswer,
  type TemplateAnswer,
  type TemplateListAnswer,
  type TemplateSummary,
  type UpdateComponentBody,
  type UploadAnswer,
  type UploadBody,
} from '../shared/api';
import type { RenderedReport } from '../shared/rendered';

export const builderApi = {
  templates: (t: number) => api.get<TemplateListAnswer>(p.templates(t), { expect: 'templates' }),
  createTemplate: (t: number, name: string, description = '') =>
    api.post<{ template: TemplateSummary }>(p.templates(t), { name, description }),
  updateTemplate: (t: number, id: number, body: { name?: string; description?: string; version: number }) =>
    api.put<{ template: TemplateSummary }>(p.template(t, id), body),
  deleteTemplate: (t: number, id: number) => api.del(p.template(t, id), { body: { confirm: true } }),
  template: (t: number, id: number, vers?: number) =>
    api.get<TemplateAnswer>(p.template(t, id), { query: { vers }, expect: 'components' }),
  newVersion: (t: number, id: number, fromVers?: number, note = '') =>
    api.post<TemplateAnswer>(p.versions(t, id), { fromVers, note }),
  componentTypes: (t: number) => api.get<ComponentTypesAnswer>(p.componentTypes(t), { expect: 'types' }),
  addComponent: (t: number, id: number, body: AddComponentBody) =>
    api.post<{ component: ComponentRow }>(p.components(t, id), body),
  updateComponent: (t: number, id: number, key: string, body: UpdateComponentBody) =>
    api.put<{ component: ComponentRow }>(p.component(t, id, key), body),
  deleteComponent: (t: number, id: number, key: string) => api.del(p.component(t, id, key)),
  order: (t: number, id: number, keys: string[]) =>
    api.put<{ components: ComponentRow[] }>(p.order(t, id), { component_keys: keys }),
  companyComponent: (t: number, id: number, key: string, companyId: number) =>
    api.get<CompanyComponentAnswer>(p.companyComponent(t, id, key, companyId)),
  setCompanyComponent: (t: number, id: number, key: string, companyId: number, body: CompanyComponentBody) =>
    api.put<CompanyComponentAnswer>(p.companyComponent(t, id, key, companyId), body),
  upload: (t: number, body: UploadBody) => api.post<UploadAnswer>(p.uploads(t), body),
  preview: (t: number, id: number, vers: number | undefined, companyId: number | null) =>
    api.get<RenderedReport>(p.preview(t, id), {
      query: { vers, companyId: companyId ?? undefined },
      expect: 'components',
    }),
};
