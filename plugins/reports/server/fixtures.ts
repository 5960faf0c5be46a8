/**
 * Demo data of the report builder (`lci db seed`, first start): a "Quarterly Business Review" template with a
 * heading, an introduction and the spec's sourced components (they show needs_attention until their source plugin
 * registers them). Added only when the tenant has no template of that name.
 */
import type { FixtureContext } from '../../../kernel/index';
import type { ComponentProperties } from '../shared/components';
import { newComponentKey } from './builder-rules';
import { insertComponent, insertTemplate, templateIdNamed } from './builder-store';
import { sanitizeRichText } from './components/sanitize';

const DEMO_TEMPLATE_NAME = 'Quarterly Business Review';

const COMPONENTS: { type: string; properties: ComponentProperties }[] = [
  {
    type: 'wysiwyg',
    properties: {
      global: true,
      title: 'Title',
      content: '<h1>Quarterly Business Review</h1><p>A review of the quarter with your technology partner.</p>',
    },
  },
  {
    type: 'wysiwyg',
    properties: {
      global: false,
      title: 'Introduction',
      content:
        '<h2>Introduction</h2><p>Thank you for your partnership this quarter. This review covers the state of your ' +
        'environment, the results of our latest assessment and the projects we recommend for the next quarter.</p>' +
        '<ul><li>Where you stand today</li><li>What changed since the last review</li><li>What we propose next</li></ul>',
    },
  },
  { type: 'lci_assessment_summary', properties: { global: true, title: 'Assessment Summary' } },
  { type: 'lci_assessment_comparison', properties: { global: true, title: 'Before and After' } },
  // The projects component (lci_project_summary) joins the demo with the recommendations plugin: until then it could
  // only say "not available".
];

export async function builderFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if ((await templateIdNamed(trx, DEMO_TEMPLATE_NAME)) !== null) return;
    const templateId = await insertTemplate(trx, tenantId, {
      name: DEMO_TEMPLATE_NAME,
      description: 'Quarterly review for a client: summary and assessment results.',
      userId: null,
    });
    for (const [position, c] of COMPONENTS.entries()) {
      const properties = c.properties.content
        ? { ...c.properties, content: sanitizeRichText(c.properties.content) }
        : c.properties;
      await insertComponent(trx, tenantId, templateId, 1, {
        component_key: newComponentKey(),
        type: c.type,
        position,
        properties,
      });
    }
    log(`reports: demo template "${DEMO_TEMPLATE_NAME}" with ${COMPONENTS.length} components`);
  });
}
