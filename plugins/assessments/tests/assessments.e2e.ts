/**
 * Assessments in real Chromium on the shared e2e server (demo data): a small template made through the API and a
 * first assessment of a company completed through the API (the baseline); then on /assessments "New assessment"
 * (company, template) opens the take page, the questions are answered by keyboard (Y/N, a scale digit, J/K and
 * Enter, F for the finding flag) with the autosave state shown, a note typed, the assessment submitted and completed
 * (confirmed), the results summary shows the overall score and the item detail, and Compare with the baseline shows
 * the improved and the declined question. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, pageApi, signInToShell } from '../../../tests/sdk';

test.setTimeout(180_000);

const call = pageApi;

test('take an assessment by keyboard with autosave, complete it, see the results and compare with the previous one', async ({
  page,
}) => {
  const tag = `E2E${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);

  // Through the API: a template of three questions and a completed baseline assessment (mfa yes, maturity 2, runbook yes).
  const template = await call(page, 'POST', '/v3/tenant/{tenantId}/assessmentTemplates', {
    name: `${tag} Security baseline`,
    description: 'e2e',
    content: {
      sections: [
        {
          key: 'sec',
          title: 'Security',
          categories: [
            {
              key: 'identity',
              title: 'Identity',
              questions: [
                {
                  key: 'mfa',
                  text: 'Is MFA enforced for every user?',
                  type: 'yesno',
                  weight: 3,
                  guidance: 'Check the conditional access policies.',
                  frameworkTags: ['CIS 6.5'],
                },
                { key: 'maturity', text: 'Password policy maturity', type: 'scale', scale: { min: 0, max: 5 } },
              ],
            },
            {
              key: 'docs',
              title: 'Documentation',
              questions: [{ key: 'runbook', text: 'Is there a runbook?', type: 'yesno' }],
            },
          ],
        },
      ],
    },
  });
  expect(template.status).toBe(200);
  const templateId = template.body.template.assessment_template_id;
  const companies = await call(page, 'GET', '/v3/tenant/{tenantId}/companies');
  expect(companies.status).toBe(200);
  const company = companies.body.companies.find(
    (c: { is_active: boolean; assessment_only_flag: boolean }) => c.is_active && !c.assessment_only_flag,
  );
  const base = await call(page, 'POST', '/v3/tenant/{tenantId}/assessmentEvents', {
    tenantCompanyId: company.tenant_company_id,
    assessmentTemplateId: templateId,
    assessedOn: '2026-01-15',
  });
  expect(base.status).toBe(200);
  const baseId = base.body.event.assessment_event_id;
  for (const [key, value] of [
    ['mfa', true],
    ['maturity', 2],
    ['runbook', true],
  ] as const) {
    const r = await call(page, 'PATCH', `/v3/tenant/{tenantId}/assessmentEvents/${baseId}/answers/${key}`, {
      version: 0,
      value,
    });
    expect(r.status).toBe(200);
  }
  let version = base.body.event.version;
  for (const action of ['submit', 'complete']) {
    const r = await call(page, 'POST', `/v3/tenant/{tenantId}/assessmentEvents/${baseId}/status`, { version, action });
    expect(r.status).toBe(200);
    version = r.body.event.version;
  }
  // Customer Success's health score of the company (its details tile), which reads the latest assessment result
  // (the demo's health metric "Assessment score", calcCode assessment-template): now with the baseline's 92.5.
  const csHealth = async () => {
    const r = await call(
      page,
      'GET',
      `/v3/cs/tenant/{tenantId}/cs/CustomerSuccessDetailsTile?tenantCompanyId=${company.tenant_company_id}`,
    );
    expect(r.status).toBe(200);
    return r.body.customerSuccessDetailsTile[0].healthScore as number;
  };
  const healthBefore = await csHealth();
  expect(typeof healthBefore).toBe('number');

  // Start the new assessment on /assessments.
  await page.goto('/assessments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
  await page.getByRole('button', { name: 'New assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New assessment' });
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByText('Required.').first()).toBeVisible();
  await dialog.getByLabel('Company').selectOption({ value: String(company.tenant_company_id) });
  await dialog.getByLabel('Template').selectOption({ value: String(templateId) });
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/assessment\?assessmentEventId=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: /Is MFA enforced for every user\?/ })).toBeVisible();
  await expect(page.getByText('Check the conditional access policies.')).toBeVisible();
  await expect(page.getByText('CIS 6.5')).toBeVisible();
  const outline = page.getByRole('navigation', { name: 'Outline' });
  await expect(outline).toContainText('0 of 3 answered');

  // Keyboard: N (mfa declines), F flags it, Enter to the next; 4 on the scale (improves), J; Y on the runbook.
  await page.getByRole('heading', { level: 2, name: /Is MFA enforced/ }).click();
  await page.keyboard.press('n');
  await expect(page.getByRole('button', { name: 'No (N)' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('f');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /Password policy maturity/ })).toBeVisible();
  await page.keyboard.press('4');
  await expect(page.getByRole('button', { name: '4', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 2, name: /Is there a runbook\?/ })).toBeVisible();
  await page.keyboard.press('y');
  await page.getByLabel('Note').fill('Runbook in the wiki, reviewed in March.');
  await page.getByLabel('Note').blur();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(outline).toContainText('3 of 3 answered');
  await page.screenshot({ path: test.info().outputPath('take.png'), fullPage: true });

  // An evidence file: uploaded through the signed link, then listed with its download link.
  await page.getByLabel('Attach evidence').setInputFiles({
    name: 'runbook.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Runbook v3'),
  });
  await expect(page.getByRole('link', { name: 'runbook.txt' })).toBeVisible();

  // Someone else changes the runbook answer meanwhile: the next key press is stale (409); the current answer is
  // loaded, the change not saved is named, and "Apply mine again" saves it.
  const eventId = Number(new URL(page.url()).searchParams.get('assessmentEventId'));
  const now = await call(page, 'GET', `/v3/tenant/{tenantId}/assessmentEvents/${eventId}`);
  const runbook = now.body.answers.find((a: { question_key: string }) => a.question_key === 'runbook');
  const elsewhere = await call(page, 'PATCH', `/v3/tenant/{tenantId}/assessmentEvents/${eventId}/answers/runbook`, {
    version: runbook.version,
    value: false,
  });
  expect(elsewhere.status).toBe(200);
  await page.getByRole('heading', { level: 2, name: /Is there a runbook/ }).click();
  await page.keyboard.press('y');
  const stale = page.getByRole('alert').filter({ hasText: 'Someone else changed this answer' });
  await expect(stale).toContainText('Your change (answer Yes) was not saved');
  await expect(page.getByRole('button', { name: 'No (N)' })).toHaveAttribute('aria-pressed', 'true');
  await stale.getByRole('button', { name: 'Apply mine again' }).click();
  await expect(page.getByRole('button', { name: 'Yes (Y)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('All changes saved')).toBeVisible();
  // K goes back; the answers were saved (a reload shows them).
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { level: 2, name: /Password policy maturity/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Outline' })).toContainText('3 of 3 answered');

  // Submit for review, then complete (confirmed): the results summary.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Review mode: answers are read-only')).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('tab', { name: 'Results' })).toBeVisible();
  // mfa no (weight 3): 0; maturity 4/5 = 80 (weight 1): Identity (0*3 + 0.8*1)/4 = 20; Documentation 100;
  // the section: (20 + 100) / 2 = 60.
  await expect(page.getByTestId('overall-score')).toHaveText('60.0');
  // Completing it recorded 60 for Customer Success: the company's health score fell.
  expect(await csHealth()).toBeLessThan(healthBefore);
  const detail = page.getByRole('table', { name: 'Item detail' });
  await expect(detail.getByRole('row', { name: /Is there a runbook/ })).toContainText(
    'Runbook in the wiki, reviewed in March.',
  );
  await expect(detail.getByRole('row', { name: /Is MFA enforced/ })).toContainText('No');
  await expect(page.getByRole('figure', { name: 'Category scores' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('results.png'), fullPage: true });

  // Compare with the baseline (the previous completed one is chosen): maturity improved, mfa declined.
  await page.getByRole('tab', { name: 'Compare' }).click();
  const compared = page.getByRole('table', { name: 'Questions compared' });
  await expect(compared.getByRole('row', { name: /Password policy maturity/ })).toContainText('Improved');
  await expect(compared.getByRole('row', { name: /Is MFA enforced/ })).toContainText('Declined');
  await expect(compared.getByRole('row', { name: /Is there a runbook/ })).toContainText('Unchanged');
  await expect(page.getByLabel('Questions by change')).toContainText('1 improved');
  await expect(page.getByLabel('Questions by change')).toContainText('1 declined');
  await page.screenshot({ path: test.info().outputPath('compare.png'), fullPage: true });

  // The list shows both, the new one with its trend against the baseline (60 vs the baseline's score).
  await page.goto('/assessments');
  await page.getByLabel('Template').selectOption({ value: String(templateId) });
  const rows = page.getByRole('table', { name: 'Assessments' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('60.0');
  await expect(rows.nth(1).getByLabel(/down .* from/)).toBeVisible();

  // The flagged answer is a finding of the company, open for follow-up.
  await page.goto('/assessmentFindings');
  const findings = page.getByRole('table', { name: 'Findings' });
  await expect(findings.getByRole('row', { name: /Is MFA enforced/ })).toBeVisible();
  await expect(findings.getByRole('row', { name: /Is MFA enforced/ })).toContainText(company.name);
  await expect(findings.getByLabel('Follow-up status of Is MFA enforced for every user?')).toHaveValue('open');
  await page.screenshot({ path: test.info().outputPath('findings.png'), fullPage: true });

  // The template editor: changing a question of a version in use says a new version is made, and makes it.
  await page.goto('/assessmentTemplates');
  await page.getByRole('link', { name: `${tag} Security baseline` }).click();
  await page
    .getByRole('navigation', { name: 'Template outline' })
    .getByRole('button', { name: /Is there a runbook/ })
    .click();
  await page.getByLabel('Question', { exact: true }).fill('Is there an up-to-date runbook?');
  await expect(page.getByText('saving makes version 2')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Save as new version' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('template-editor.png'), fullPage: true });

  // The Assessment Only view lists only assessment-only companies.
  await page.goto('/assessments');
  await page.getByRole('combobox', { name: 'Module view' }).selectOption({ label: 'Assessment Only' });
  await page.goto('/assessments');
  const only = companies.body.companies.filter(
    (c: { assessment_only_flag: boolean; is_active: boolean }) => c.assessment_only_flag && c.is_active,
  );
  await expect(page.locator('#as-f-company option')).toHaveCount(only.length + 1);
  const viewRows = page.getByRole('table', { name: 'Assessments' }).getByRole('row');
  await expect(viewRows.nth(1)).toContainText(only[0].name);
  await expect(page.getByRole('table', { name: 'Assessments' })).not.toContainText(company.name);
});
