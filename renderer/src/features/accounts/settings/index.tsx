// The settings feature as the shell sees it: the page, and a palette entry per section.
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { SETTINGS_SECTIONS } from '../../../../../shared/api/accounts/settings-sections';
import { navigate } from '../../../platform/navigation/hash-router';
import type { Feature } from '../../feature';
import { SECTION_LABELS, sectionPath } from './sections';

export const feature: Feature = {
  id: 'settings',
  area: 'accounts',
  path: '/settings',
  label: 'Settings',
  description: 'Notifications, billing, security, integrations and preferences of the account',
  icon: <SettingsOutlined fontSize="small" />,
  page: () => import('./SettingsPage'),
  prefetch: async () => (await import('./settings-store')).useSettings.getState().ensureLoaded(),
  commands: SETTINGS_SECTIONS.map((section) => ({
    id: `settings:${section}`,
    group: 'Settings',
    title: `Settings: ${SECTION_LABELS[section]}`,
    icon: <SettingsOutlined fontSize="small" />,
    run: () => navigate(sectionPath(section)),
  })),
};
