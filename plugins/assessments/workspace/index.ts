/**
 * The browser side of assessments: the events list (/assessments), taking one (/assessment?assessmentEventId=N),
 * the template manager (/assessmentTemplates) and the findings (/assessmentFindings). Pages are lazily loaded.
 * A /dashboard panel: assessments due and the latest scores (server/home: chart assessmentsHome).
 */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import {
  ASSESSMENT_FINDINGS_PAGE,
  ASSESSMENT_PAGE,
  ASSESSMENT_TEMPLATES_PAGE,
  ASSESSMENTS_PAGE,
  ASSESSMENTS_PAGES,
} from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'assessments',
  routes: pageRoutes(ASSESSMENTS_PAGES, {
    [ASSESSMENTS_PAGE]: () => import('./AssessmentsPage'),
    [ASSESSMENT_PAGE]: () => import('./AssessmentPage'),
    [ASSESSMENT_TEMPLATES_PAGE]: () => import('./AssessmentTemplatesPage'),
    [ASSESSMENT_FINDINGS_PAGE]: () => import('./AssessmentFindingsPage'),
  }),
  navIcons: pageNavIcons(ASSESSMENTS_PAGES),
  slots: {
    dashboardPanels: [
      {
        id: 'assessmentsHome',
        title: 'Assessments',
        order: 40,
        page: ASSESSMENTS_PAGE,
        linkText: 'Open Assessments',
        component: () => import('./home/AssessmentsPanel'),
      },
    ],
  },
});
