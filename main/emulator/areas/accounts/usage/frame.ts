// What every usage read starts from (docs/decisions.md, Usage and costs): the period's window in
// the query's time zone (the account's billing zone when absent), the billing currency and the
// period fields each answer carries.
import type { UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { Money } from './money';
import { usageWindow, type UsageWindow } from './window';

export interface UsageFrame {
  readonly window: UsageWindow;
  readonly money: Money;
  /** The answer's period, periodStart, periodEnd, timezone and currency. */
  readonly fields: { period: UsagePeriod; periodStart: string; periodEnd: string; timezone: string; currency: UsageCurrency };
  iso(t: number): string;
}

const iso = (t: number) => new Date(t).toISOString();

export function usageFrame(
  ctx: Pick<EmulatorContext, 'directory'>,
  query: { period: UsagePeriod; timezone?: string },
  now: number,
): UsageFrame {
  const billing = ctx.directory().account().settings.billing;
  const timezone = query.timezone ?? billing.timezone;
  const window = usageWindow(query.period, now, timezone);
  const money = new Money(billing.currency);
  return {
    window,
    money,
    fields: { period: query.period, periodStart: iso(window.start), periodEnd: iso(now), timezone, currency: billing.currency },
    iso,
  };
}
