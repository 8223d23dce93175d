// The notifications section as a form: email alerts and their frequency, the chat webhook and
// its alert classes, and the account webhook (its events and its write-only signing secret).
import { UpdateNotificationsRequest, type EMAIL_FREQUENCIES } from '../../../../../shared/api/accounts/settings';
import type { EventType } from '../../../../../shared/api/accounts/event-types';
import type { SectionFormSpec } from './section-form';
import type { Settings } from './settings-store';
import { KEEP, writeOnlyRequest, type WriteOnly } from './write-only';

type Notifications = Settings['notifications'];
type EmailAlert = keyof Notifications['email']['alerts'];
type ChatAlert = keyof Notifications['chat']['alerts'];

export interface NotificationsForm {
  emailEnabled: boolean;
  emailAlerts: Record<EmailAlert, boolean>;
  frequency: (typeof EMAIL_FREQUENCIES)[number];
  chatEnabled: boolean;
  chatUrl: string;
  chatChannel: string;
  chatAlerts: Record<ChatAlert, boolean>;
  webhookEnabled: boolean;
  webhookUrl: string;
  webhookEvents: EventType[];
  webhookSecret: WriteOnly;
}

export const EMAIL_ALERT_LABELS: Record<EmailAlert, string> = {
  cost_alerts: 'Cost alerts',
  usage_warnings: 'Usage warnings',
  security_notifications: 'Security notifications',
  system_updates: 'System updates',
  marketing_emails: 'Product news',
};
export const CHAT_ALERT_LABELS: Record<ChatAlert, string> = {
  endpoint_failures: 'Endpoint failures',
  cost_thresholds: 'Cost thresholds',
  cluster_events: 'Cluster events',
};
export const FREQUENCY_LABELS: Record<NotificationsForm['frequency'], string> = {
  immediate: 'Immediately',
  daily_digest: 'Daily digest',
  weekly_digest: 'Weekly digest',
};

/** An optional text: empty is "none" (null). */
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export const notificationsSpec: SectionFormSpec<Notifications, NotificationsForm, UpdateNotificationsRequest> = {
  fromSection: (s) => ({
    emailEnabled: s.email.enabled,
    emailAlerts: { ...s.email.alerts },
    frequency: s.email.frequency,
    chatEnabled: s.chat.enabled,
    chatUrl: s.chat.webhook_url ?? '',
    chatChannel: s.chat.channel ?? '',
    chatAlerts: { ...s.chat.alerts },
    webhookEnabled: s.webhook.enabled,
    webhookUrl: s.webhook.url ?? '',
    webhookEvents: [...s.webhook.events],
    webhookSecret: KEEP,
  }),
  toRequest: (f, s) => ({
    email: { enabled: f.emailEnabled, alerts: f.emailAlerts, frequency: f.frequency },
    chat: { enabled: f.chatEnabled, webhook_url: orNull(f.chatUrl), channel: orNull(f.chatChannel), alerts: f.chatAlerts },
    webhook: {
      enabled: f.webhookEnabled,
      url: orNull(f.webhookUrl),
      events: f.webhookEvents,
      secret: writeOnlyRequest(s.webhook.secret, f.webhookSecret),
    },
  }),
  schema: UpdateNotificationsRequest,
  members: {
    'email.enabled': 'emailEnabled',
    'email.alerts': 'emailAlerts',
    'email.frequency': 'frequency',
    'chat.enabled': 'chatEnabled',
    'chat.webhook_url': 'chatUrl',
    'chat.channel': 'chatChannel',
    'chat.alerts': 'chatAlerts',
    'webhook.enabled': 'webhookEnabled',
    'webhook.url': 'webhookUrl',
    'webhook.events': 'webhookEvents',
    'webhook.secret': 'webhookSecret',
  },
  ruleOf: (key) => (key === 'chat.channel' ? 'At most 100 characters' : undefined),
};

export const URL_HINT = 'An http or https address';
