// The five settings sections by name (01-accounts.md, Account settings), apart from their
// schemas in settings.ts: the console's navigation names them in its first screen, which must
// not load the schemas' address and country libraries (issue 23: the initial chunk's budget).
export const SETTINGS_SECTIONS = ['notifications', 'billing', 'security', 'integrations', 'preferences'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
