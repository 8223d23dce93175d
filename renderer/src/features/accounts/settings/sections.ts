// The sections in the order the page's tabs show them, with their addresses (`#/settings/security`).
import { SETTINGS_SECTIONS, type SettingsSection } from '../../../../../shared/api/accounts/settings-sections';

export const SECTION_LABELS: Record<SettingsSection, string> = {
  notifications: 'Notifications',
  billing: 'Billing',
  security: 'Security',
  integrations: 'Integrations',
  preferences: 'Preferences',
};

export const sectionPath = (section: SettingsSection) => `/settings/${section}`;

/** The section an address names (`/settings/billing`), the first one for `/settings` or an unknown one. */
export function sectionOfPath(path: string): SettingsSection {
  const name = path.split('/')[2] ?? '';
  return SETTINGS_SECTIONS.find((s) => s === name) ?? 'notifications';
}
