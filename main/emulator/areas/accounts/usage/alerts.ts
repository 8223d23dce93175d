// `GET /v2/accounts/usage/alerts` (01-accounts.md, Usage objects: Alerts; docs/decisions.md, Usage
// and costs: alerts): the billing cost alerts, each against the spending of its current period (the
// same figure the events area fires `cost.threshold_exceeded` on), and one compute-hour alert per
// member whose role limits `maxComputeHours` (a calendar month of the GPU-hours of what they
// created). An alert's state is computed when read: `warning` from 80 %, `triggered` once reached,
// with the moment it was reached found on the metering itself.
import type { UsageAlert, UsageAlertsResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { computeByMember, gpuHoursWithin, monthStart } from '../../../core/compute-hours';
import { periodStart, type CalendarPeriod } from '../../../core/zoned-time';
import { limitationsOf, roleLookup } from '../permissions/roles';
import { accountsOf } from '../state';
import { iso } from './billing';
import { round } from './money';

const WARNING_SHARE = 0.8;
const PERIOD_WORD: Record<CalendarPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const usd = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The first moment in [from, to] at which `amountUpTo` reaches `threshold` (to the second); null when it does not. */
function reachedAt(amountUpTo: (t: number) => number, threshold: number, from: number, to: number): number | null {
  if (amountUpTo(to) < threshold) return null;
  let lo = from;
  let hi = to;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (amountUpTo(mid) >= threshold) hi = mid;
    else lo = mid;
  }
  return hi;
}

function statusOf(current: number, threshold: number): UsageAlert['status'] {
  if (current >= threshold) return 'triggered';
  return current >= threshold * WARNING_SHARE ? 'warning' : 'ok';
}

export function usageAlerts(ctx: EmulatorContext, now: number): UsageAlertsResponse {
  const accounts = accountsOf(ctx.store);
  const { billing, notifications } = accounts.settings;
  const alerts: UsageAlert[] = [];

  billing.cost_alerts.forEach((alert, index) => {
    const from = periodStart(alert.period, now, billing.timezone);
    const spent = ctx.spending(from, now);
    const at = spent >= alert.threshold ? reachedAt((t) => ctx.spending(from, t), alert.threshold, from, now) : null;
    alerts.push({
      id: `alert_cost_${index}`,
      name: `${PERIOD_WORD[alert.period]} spend over ${usd(alert.threshold)}`,
      type: 'cost',
      threshold: alert.threshold,
      current: round(spent),
      percentage: alert.threshold > 0 ? round((spent / alert.threshold) * 100) : 100,
      status: statusOf(spent, alert.threshold),
      triggeredAt: at === null ? null : iso(at),
      notificationsSent: ctx.events.costAlertNotifications(index, alert, from),
      period: alert.period,
      periodStart: iso(from),
      enabled: alert.enabled,
    });
  });

  // Compute hours per member whose role limits them, over the billing time zone's calendar month.
  const lookup = roleLookup(accounts.roles);
  const limited = accounts.members.flatMap((m) => {
    const role = m.status === 'active' ? lookup(m.role) : undefined;
    const limit = role === undefined ? undefined : limitationsOf(role, lookup).maxComputeHours;
    return limit === undefined ? [] : [{ member: m, limit }];
  });
  if (limited.length) {
    const from = monthStart(ctx, now);
    const byMember = computeByMember(ctx);
    for (const { member, limit } of limited) {
      const stretches = byMember.get(member.id) ?? [];
      const hours = gpuHoursWithin(stretches, from, now);
      const at = hours >= limit ? reachedAt((t) => gpuHoursWithin(stretches, from, t), limit, from, now) : null;
      alerts.push({
        id: `alert_hours_${member.id}`,
        name: `${member.name ?? member.email}: ${limit.toLocaleString('en-US')} compute hours a month (${member.role})`,
        type: 'compute_hours',
        threshold: limit,
        current: round(hours),
        percentage: limit > 0 ? round((hours / limit) * 100) : 100,
        status: statusOf(hours, limit),
        triggeredAt: at === null ? null : iso(at),
        // No event of the document tells of compute hours: nothing is sent for them.
        notificationsSent: 0,
        period: 'monthly',
        periodStart: iso(from),
        userId: member.id,
        enabled: true,
      });
    }
  }

  return {
    alerts,
    settings: {
      emailNotifications: notifications.email.enabled && notifications.email.alerts.cost_alerts,
      chatNotifications: notifications.chat.enabled && notifications.chat.alerts.cost_thresholds,
      webhookUrl: notifications.webhook.enabled ? notifications.webhook.url : null,
    },
  };
}
