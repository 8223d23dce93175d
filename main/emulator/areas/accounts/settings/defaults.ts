// The settings an account starts with, and what a data folder written before issue 20 loads with
// (docs/decisions.md, Settings: defaults). The email section's address is the owner's.
import type { StoredSettings } from '../../../../../shared/api/accounts/settings';
import type { AccountsState } from '../stored-schema';

export function defaultSettings(stored: Pick<AccountsState, 'account' | 'members'>): StoredSettings {
  const owner = stored.members.find((m) => m.id === stored.account.ownerId);
  return {
    notifications: {
      email: {
        enabled: true,
        alerts: { cost_alerts: true, usage_warnings: true, security_notifications: true, system_updates: false, marketing_emails: false },
        frequency: 'immediate',
        email: owner?.email ?? '',
      },
      chat: {
        enabled: false,
        webhook_url: null,
        channel: null,
        alerts: { endpoint_failures: true, cost_thresholds: true, cluster_events: false },
      },
      webhook: { enabled: false, url: null, events: ['endpoint.failed', 'cost.threshold_exceeded'], secret: null },
    },
    billing: {
      currency: 'USD',
      timezone: 'UTC',
      payment_method: { type: 'card', last_four: '4242', expires: '12/2028', brand: 'visa' },
      billing_address: {
        name: owner?.name ?? null,
        company: stored.account.name,
        address: null,
        city: null,
        state: null,
        zip: null,
        country: 'US',
      },
      auto_recharge: { enabled: false, threshold: 100, amount: 500 },
      cost_alerts: [{ threshold: 5000, period: 'monthly', enabled: true }],
    },
    security: {
      two_factor: { enabled: false, method: 'totp', backup_codes: 0 },
      api_access: { ip_whitelist: [], require_ip_whitelist: false, max_api_keys: 50 },
      session: { timeout: 24, require_reauth_for_sensitive: true, concurrent_sessions: 5 },
      audit: { log_api_requests: true, log_resource_access: true, retention_days: 90 },
    },
    integrations: {
      code_host: { enabled: false, access_token: null, username: null, repositories: [] },
      registry: { enabled: false, registries: [] },
      monitoring: {
        metrics_service: { enabled: false, api_key: null },
        dashboard_service: { enabled: false, url: null, dashboard_id: null },
      },
    },
    preferences: {
      timezone: 'UTC',
      language: 'en',
      theme: 'auto',
      date_format: 'YYYY/MM/DD',
      number_format: '1,234.56',
      default_region: 'us-east-1',
    },
  };
}
