// The dashboard's choices as the address keeps them (`#/usage?period=7d&by=team`), read the same
// way by the page and by the prefetch that starts its first reads alongside its code.
import type { CostsQuery, UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import { oneOfParam, type UrlParams } from '../../../platform/navigation/url-state';
import { isUsagePeriod } from './usage-format';
import type { Granularity } from './usage-store';

export const URL_DEFAULTS = { period: '30d', granularity: 'day', by: 'resource', currency: 'USD', idle: '10' };
type Key = keyof typeof URL_DEFAULTS;

/** The thresholds offered (the route takes 1 to 50 %). */
export const IDLE_THRESHOLDS = [5, 10, 20, 30, 50] as const;
const BREAKDOWNS = ['resource', 'service', 'region', 'team'] as const;
const GRANULARITIES = ['hour', 'day', 'week'] as const;
// USAGE_CURRENCIES as types only, so that the prefetch's chunk brings no schemas (zod).
export const CURRENCIES = Object.keys({ USD: true, EUR: true, GBP: true, JPY: true } satisfies Record<
  UsageCurrency,
  true
>) as UsageCurrency[];

export interface UsageChoices {
  period: UsagePeriod;
  granularity: Granularity;
  by: CostsQuery['breakdown'];
  currency: UsageCurrency;
  idleThreshold: number;
}

export function usageChoices(params: UrlParams<Key>): UsageChoices {
  return {
    period: isUsagePeriod(params.period) ? params.period : '30d',
    granularity: oneOfParam(GRANULARITIES, params.granularity) || 'day',
    by: oneOfParam(BREAKDOWNS, params.by) || 'resource',
    currency: oneOfParam(CURRENCIES, params.currency) || 'USD',
    idleThreshold: IDLE_THRESHOLDS.find((t) => String(t) === params.idle) ?? 10,
  };
}
