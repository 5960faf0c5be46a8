/**
 * The assessment pages (platform.md 2.4 "assessment pages"; module Assessment), declared once (common/pages.ts):
 * plugin.ts derives its pages and nav items from them, the workspace its routes and nav icons. The urls are the
 * permission keys of the routes too (shared/api.ts lists which route uses which).
 */
import { declarePages, type PageModuleName } from '../../../common/pages';

/** The 'Assessments' navigation group (level 1). */
export const ASSESSMENTS_NAV_GROUP = '/assessmentsGroup';
/** Assessment events of the tenant's companies: list, start, delete. */
export const ASSESSMENTS_PAGE = '/assessments';
/** Take, edit, review and complete one event (?assessmentEventId=N). */
export const ASSESSMENT_PAGE = '/assessment';
/** The template manager: sections, categories, questions, versions, import and export. */
export const ASSESSMENT_TEMPLATES_PAGE = '/assessmentTemplates';
/** Findings of the tenant's assessments, for follow-up (engineer I's routes). */
export const ASSESSMENT_FINDINGS_PAGE = '/assessmentFindings';

const NAV_MODULES: PageModuleName[] = ['Core', 'Assessment'];

export const ASSESSMENTS_PAGES = declarePages({
  pages: [
    {
      url: ASSESSMENTS_PAGE,
      title: 'Assessments',
      module: 'Assessment',
      icon: 'clipboard',
      nav: { level: 2, parent: ASSESSMENTS_NAV_GROUP, modules: NAV_MODULES, sort: 10 },
    },
    {
      url: ASSESSMENT_PAGE,
      title: 'Assessment',
      module: 'Assessment',
      icon: 'form',
    },
    {
      url: ASSESSMENT_TEMPLATES_PAGE,
      title: 'Assessment Templates',
      module: 'Assessment',
      icon: 'properties',
      nav: { title: 'Templates', level: 2, parent: ASSESSMENTS_NAV_GROUP, modules: NAV_MODULES, sort: 30 },
    },
    {
      url: ASSESSMENT_FINDINGS_PAGE,
      title: 'Assessment Findings',
      module: 'Assessment',
      icon: 'flag',
      nav: { title: 'Findings', level: 2, parent: ASSESSMENTS_NAV_GROUP, modules: NAV_MODULES, sort: 20 },
    },
  ],
  navGroups: [
    { url: ASSESSMENTS_NAV_GROUP, title: 'Assessments', level: 1, icon: 'clipboard', modules: NAV_MODULES, sort: 45 },
  ],
});
