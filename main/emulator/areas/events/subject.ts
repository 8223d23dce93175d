// What `POST /_emulator/events` says about an event emitted by hand: the resource it is about
// (named, or picked: the newest fitting one) and the data its operation would give, marked
// `test: true` so a receiver can tell (docs/decisions.md, Events: emitting by hand).
import type { EventType } from '../../../../shared/api/accounts/event-types';
import type { Caller } from '../../core/area';
import type { EmulatorContext } from '../../core/context';

const KIND: Partial<Record<string, 'cluster' | 'endpoint' | 'training_job'>> = {
  endpoint: 'endpoint',
  cluster: 'cluster',
  training: 'training_job',
};

export function subjectFor(
  ctx: EmulatorContext,
  type: EventType,
  named: string | undefined,
  caller: Caller,
): { subject: string; data: Record<string, unknown> } {
  const data: Record<string, unknown> = { test: true };
  const kind = KIND[type.slice(0, type.indexOf('.'))];
  if (kind) {
    const all = ctx.createdResources().filter((r) => r.type === kind);
    const found = named === undefined ? all.sort((a, b) => b.createdAt - a.createdAt)[0] : all.find((r) => r.id === named);
    if (found) return { subject: found.id, data: { ...data, name: found.name } };
    return { subject: named ?? `${kind}_example`, data };
  }
  if (type.startsWith('team.')) {
    const { ownerId } = ctx.directory().organization();
    const members = ctx.directory().members();
    const found = named === undefined ? (members.find((m) => m.id !== ownerId) ?? members[0]) : members.find((m) => m.id === named);
    if (found) return { subject: found.id, data: { ...data, username: found.username, role: found.role } };
    return { subject: named ?? 'user_example', data };
  }
  if (type === 'cost.threshold_exceeded') {
    const alert = ctx.directory().account().settings.billing.cost_alerts[0];
    return {
      subject: named ?? 'cost_alert_0',
      data: {
        ...data,
        period: alert?.period ?? 'monthly',
        threshold: alert?.threshold ?? 100,
        spent: alert?.threshold ?? 100,
        currency: 'USD',
      },
    };
  }
  if (type === 'security.settings_changed')
    return { subject: named ?? ctx.directory().account().id, data: { ...data, section: 'security' } };
  // Key events and refusals: the caller's key.
  return { subject: named ?? caller.id, data };
}
