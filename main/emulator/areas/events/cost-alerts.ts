// Billing cost alerts on the simulated clock (01-accounts.md, Account settings: billing
// `cost_alerts`; docs/decisions.md, Events: cost alerts): each enabled alert compares the account's
// spending since the start of its period (daily, weekly from Monday, monthly; in the billing time
// zone) with its threshold, and fires cost.threshold_exceeded once per alert and period — the
// period it fired in is kept, so the next period can fire again.
import type { EmulatorContext } from '../../core/context';
import { periodStart } from '../../core/zoned-time';
import type { Events } from './state';

const cents = (v: number) => Math.round(v * 100) / 100;

/** The key a cost alert's marks are kept under: a changed threshold or period is a new alert. */
export const costAlertKey = (index: number, alert: { period: string; threshold: number }) => `${index}:${alert.period}:${alert.threshold}`;

/** Fires what crossed (`silent`: only marks it); true when a mark changed (to log). */
export function evaluateCostAlerts(ctx: EmulatorContext, live: Events, now: number, { silent = false } = {}): boolean {
  const { settings } = ctx.directory().account();
  const { cost_alerts: alerts, timezone } = settings.billing;
  if (alerts.length === 0) return false;
  const spentSince = new Map<number, number>();
  let marked = false;
  alerts.forEach((alert, index) => {
    if (!alert.enabled) return;
    const from = periodStart(alert.period, now, timezone);
    const key = costAlertKey(index, alert);
    if (live.alertMarks[key] === from) return;
    let spent = spentSince.get(from);
    if (spent === undefined) spentSince.set(from, (spent = ctx.spending(from, now)));
    if (spent < alert.threshold) return;
    live.alertMarks[key] = from;
    marked = true;
    if (silent) return;
    const { event } = ctx.events.emit('cost.threshold_exceeded', {
      subject: `cost_alert_${index}`,
      data: {
        alert: index,
        period: alert.period,
        threshold: alert.threshold,
        spent: cents(spent),
        currency: 'USD',
        period_start: new Date(from).toISOString(),
        timezone,
      },
    });
    live.alertEvents[key] = event.id;
  });
  return marked;
}
