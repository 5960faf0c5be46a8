/**
 * The shell's own slot contributions (kernel areas that are no plugin): the "Security" section of
 * /accountsettings (tenant-wide require MFA, workspace/pages/profile/SecuritySection.tsx). Registered without a
 * plugin id, so no plugin switch hides them; access is checked as for any contribution (requiresAdmin).
 */
import { registerSlots } from './registry';

registerSlots(
  {
    settingsSections: [
      {
        id: 'security',
        title: 'Security',
        order: 50,
        requiresAdmin: true,
        component: () => import('./pages/profile/SecuritySection'),
      },
    ],
  },
  '',
);
