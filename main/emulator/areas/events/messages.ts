// What an event becomes besides the account webhook's JSON: the chat message of its alert class
// and the emails the platform would send (docs/decisions.md, Events: chat and outbox).
import type { PlatformEvent } from '../../../../shared/api/accounts/deliveries';
import type { EventType } from '../../../../shared/api/accounts/event-types';
import type { StoredSettings } from '../../../../shared/api/accounts/settings';

type ChatClass = keyof StoredSettings['notifications']['chat']['alerts'];
type MailKind = 'invitation' | 'alert' | 'security';

/** The chat alert class an event belongs to (01-accounts.md, Events 3), or null: not a chat alert. */
export function chatClassOf(type: EventType): ChatClass | null {
  if (type === 'endpoint.failed' || type === 'endpoint.recovered') return 'endpoint_failures';
  if (type === 'cost.threshold_exceeded') return 'cost_thresholds';
  if (type.startsWith('cluster.')) return 'cluster_events';
  return null;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** One line saying what happened, for chat messages and mail subjects. */
function describe(event: PlatformEvent): string {
  const d = event.data;
  const what = str(d.name) ?? str(d.subject) ?? 'the account';
  switch (event.type) {
    case 'cost.threshold_exceeded':
      return `Spending of $${str(d.spent) ?? '?'} crossed the ${str(d.period) ?? ''} cost alert of $${str(d.threshold) ?? '?'}`;
    case 'team.member_invited':
      return `${str(d.email) ?? what} was invited to the team`;
    case 'team.member_removed':
      return `${str(d.email) ?? what} was removed from the team`;
    case 'security.access_denied':
      return `A request was refused (403): ${str(d.route) ?? what}`;
    default:
      return `${event.type.replace('.', ': ').replace(/_/g, ' ')} — ${what}`;
  }
}

export function chatMessage(event: PlatformEvent, channel: string | null): string {
  return JSON.stringify({
    text: `[${event.type}] ${describe(event)}`,
    ...(channel ? { channel } : {}),
    event: { id: event.id, type: event.type, timestamp: event.timestamp, subject: event.data.subject ?? null },
  });
}

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  body: string;
  link: string | null;
  invitationId: string | null;
}

/**
 * The mails an event makes: an invitation mail to the invitee (always: inviting is sending it),
 * and alerts to the account's notification address as its email settings choose — cost alerts
 * (`cost_alerts`) and security notices (`security_notifications`, every security.* event).
 */
export function mailsOf(event: PlatformEvent, settings: StoredSettings, orgName: string): MailDraft[] {
  const out: MailDraft[] = [];
  const d = event.data;
  const inviteUrl = str(d.inviteUrl);
  const email = str(d.email);
  if (event.type === 'team.member_invited' && inviteUrl && email) {
    out.push({
      kind: 'invitation',
      to: email,
      subject: `You are invited to join ${orgName} on GPU Cloud`,
      body: [
        `You have been invited to join ${orgName} as ${str(d.role) ?? 'a member'}.`,
        ...(str(d.message) ? ['', `Message: ${str(d.message)}`] : []),
        '',
        `Accept the invitation: ${inviteUrl}`,
        ...(str(d.expiresAt) ? [`The link expires ${str(d.expiresAt)}.`] : []),
      ].join('\n'),
      link: inviteUrl,
      invitationId: str(d.invitationId),
    });
  }
  const mail = settings.notifications.email;
  if (!mail.enabled || !mail.email) return out;
  const alert = event.type === 'cost.threshold_exceeded' && mail.alerts.cost_alerts;
  const security = event.type.startsWith('security.') && mail.alerts.security_notifications;
  if (alert || security) {
    out.push({
      kind: alert ? 'alert' : 'security',
      to: mail.email,
      subject: `${alert ? 'Cost alert' : 'Security notice'}: ${describe(event)}`,
      body: [describe(event), '', `Event ${event.id} (${event.type}) at ${event.timestamp}.`, '', JSON.stringify(event.data, null, 2)].join(
        '\n',
      ),
      link: null,
      invitationId: null,
    });
  }
  return out;
}
