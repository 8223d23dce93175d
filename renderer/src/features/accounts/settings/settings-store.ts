// Account settings state: the five sections as last read (GET /v2/accounts/settings), each
// replaced by the server's answer when its Save succeeds, and the chat test's last result.
import { create } from 'zustand';
import type { z } from 'zod';
import type {
  GetSettingsResponse,
  NotificationTestResponse,
  SettingsSection,
  UpdateBillingRequest,
  UpdateIntegrationsRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateSecurityRequest,
} from '../../../../../shared/api/accounts/settings';
import { api } from '../../../bridge/api';
import { createLoader, initialLoadState, type LoadState } from '../../../platform/resource-store';

export type Settings = z.infer<typeof GetSettingsResponse>;
type ChatTest = z.infer<typeof NotificationTestResponse>['test'];

/** The request each section's Save sends. */
export interface SectionRequests {
  notifications: UpdateNotificationsRequest;
  billing: UpdateBillingRequest;
  security: UpdateSecurityRequest;
  integrations: UpdateIntegrationsRequest;
  preferences: UpdatePreferencesRequest;
}

export interface SettingsState extends LoadState {
  settings: Settings | null;
  load(): Promise<void>;
  ensureLoaded(): Promise<void>;
  /** PUT of the section's changed part; the section then shows the server's answer. */
  save<K extends SettingsSection>(section: K, request: SectionRequests[K]): Promise<void>;
  /** Sends one test message to the chat webhook given (not necessarily the saved one). */
  testChat(webhookUrl: string, channel: string | null): Promise<ChatTest>;
}

async function put<K extends SettingsSection>(section: K, body: SectionRequests[K]): Promise<Settings[K]> {
  // One operation per section; the switch keeps each call typed with its own request.
  switch (section) {
    case 'notifications':
      return (await api('settings.notifications.update', { body: body as UpdateNotificationsRequest })).data as Settings[K];
    case 'billing':
      return (await api('settings.billing.update', { body: body as UpdateBillingRequest })).data as Settings[K];
    case 'security':
      return (await api('settings.security.update', { body: body as UpdateSecurityRequest })).data as Settings[K];
    case 'integrations':
      return (await api('settings.integrations.update', { body: body as UpdateIntegrationsRequest })).data as Settings[K];
    default:
      return (await api('settings.preferences.update', { body: body as UpdatePreferencesRequest })).data as Settings[K];
  }
}

export const useSettings = create<SettingsState>()((set, get) => {
  const loader = createLoader<SettingsState>(set, get);
  return {
    ...initialLoadState(),
    settings: null,

    load: () => loader.run(async (signal) => ({ settings: (await api('settings.get', {}, { signal })).data })),

    ensureLoaded: () => loader.ensureLoaded(get().load),

    async save(section, request) {
      const saved = await put(section, request);
      set((s) => (s.settings ? { settings: { ...s.settings, [section]: saved } } : {}));
    },

    async testChat(webhookUrl, channel) {
      const { data } = await api('settings.notifications.test', {
        body: { type: 'chat', webhook_url: webhookUrl, ...(channel ? { channel } : {}) },
      });
      return data.test;
    },
  };
});
