// The frame a usage read is answered in: the account's billing time zone (unless the query names
// one) and USD (the document's default; the costs read converts to the currency it is asked for).
import type { UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { Money } from './money';
import { usageWindow, type UsageWindow } from './window';

export interface BillingFrame {
  readonly window: UsageWindow;
  readonly money: Money;
}

export function billingFrame(
  ctx: EmulatorContext,
  query: { period: UsagePeriod; timezone?: string | undefined; currency?: UsageCurrency | undefined },
  now: number,
): BillingFrame {
  const billing = ctx.directory().account().settings.billing;
  return {
    window: usageWindow(query.period, now, query.timezone ?? billing.timezone),
    money: new Money(query.currency ?? (billing.currency as UsageCurrency)),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The fields every usage answer opens with. */
export const periodFields = ({ window: w, money }: BillingFrame) => ({
  period: w.period,
  periodStart: iso(w.start),
  periodEnd: iso(w.end),
  timezone: w.timezone,
  currency: money.currency,
});

export { iso };
