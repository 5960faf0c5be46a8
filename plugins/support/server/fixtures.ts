/** Demo data of support: one answered request in the demo tenant (`lci db seed`, first start); adds it only once. */
import type { FixtureContext } from '../../../kernel/index';
import { answerRequest, findBySubject, insertRequest } from './store';

const DEMO_REQUEST_SUBJECT = 'How do I import my companies from a CSV file?';

export async function supportFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if (await findBySubject(trx, DEMO_REQUEST_SUBJECT)) return;
    const requestId = await insertRequest(trx, {
      tenantId,
      userId: null,
      requestedBy: 'admin@demo-msp.example',
      issueType: 'question',
      priorityLevel: 'normal',
      subject: DEMO_REQUEST_SUBJECT,
      description: 'We keep our client list in a spreadsheet. Which columns does the import expect?',
    });
    await answerRequest(trx, tenantId, requestId, {
      status: 'answered',
      body: 'Open Data Manager > Companies and choose Import: the page lists the columns and offers a template file.',
      answeredBy: 'support@lifecycle.example',
    });
    log('support: 1 demo request');
  });
}
