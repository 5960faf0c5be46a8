/** A small template used by the assessments tests: two sections, every question type, weights and a text question. */
import type { TemplateContentIn } from '../shared/api';

export const SAMPLE_CONTENT: TemplateContentIn = {
  sections: [
    {
      key: 'security',
      title: 'Security',
      weight: 3,
      categories: [
        {
          key: 'identity',
          title: 'Identity',
          weight: 2,
          questions: [
            {
              key: 'mfa',
              text: 'Is MFA enforced for every user?',
              type: 'yesno',
              weight: 5,
              guidance: 'Check the conditional access policies.',
              frameworkTags: ['CIS 6.5', 'NIST CSF PR.AC-7'],
            },
            { key: 'pwpolicy', text: 'Password policy maturity', type: 'scale', weight: 2, scale: { min: 0, max: 5 } },
          ],
        },
        {
          key: 'backup',
          title: 'Backup',
          questions: [
            {
              key: 'backupfreq',
              text: 'How often are servers backed up?',
              type: 'choice',
              weight: 3,
              options: [
                { value: 'daily', label: 'Daily', score: 2 },
                { value: 'weekly', label: 'Weekly', score: 1 },
                { value: 'never', label: 'Never', score: 0 },
              ],
            },
            {
              key: 'restoredays',
              text: 'Days since the last restore test',
              type: 'number',
              number: { target: 90, direction: 'atMost', unit: 'days' },
            },
          ],
        },
      ],
    },
    {
      key: 'ops',
      title: 'Operations',
      categories: [
        {
          key: 'docs',
          title: 'Documentation',
          questions: [
            { key: 'runbook', text: 'Is there a runbook?', type: 'yesno' },
            { key: 'notes', text: 'Anything else?', type: 'text' },
          ],
        },
      ],
    },
  ],
};
