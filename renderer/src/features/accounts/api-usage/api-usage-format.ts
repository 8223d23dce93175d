// The API usage view's words and figures: the boost form's checks in the user's words, the
// limits a boost raised, and what the analytics table and chart show.
import type { ApiUsageResponse, ApiUsageRoute } from '../../../../../shared/api/accounts/api-usage';
import type { RateLimitsResponse, TemporaryBoostRequest } from '../../../../../shared/api/accounts/api-keys';
import type { FormResult } from '../../../components/form/form-result';

export const LIMIT_NAMES: ReadonlyArray<[keyof RateLimitsResponse['limits'], string]> = [
  ['read_operations', 'Reads'],
  ['write_operations', 'Writes'],
  ['ai_services', 'AI services'],
];

export interface BoostForm {
  multiplier: string;
  amount: string;
  unit: 'm' | 'h' | 'd';
  reason: string;
}

export const BOOST_RULES = {
  multiplier: '1.1 to 10',
  duration: 'Up to 7 days',
  reason: '1 to 500 characters: why you need it',
} as const;

const UNIT_MINUTES = { m: 1, h: 60, d: 1440 } as const;
const MAX_MINUTES = 7 * 1440;

export function validateBoost(form: BoostForm): FormResult<TemporaryBoostRequest> {
  const errors: Record<string, string> = {};
  const multiplier = Number(form.multiplier.trim());
  if (form.multiplier.trim() === '' || !Number.isFinite(multiplier)) errors.multiplier = 'Enter a number from 1.1 to 10';
  else if (multiplier < 1.1 || multiplier > 10) errors.multiplier = 'Must be from 1.1 to 10';
  const amount = Number(form.amount.trim());
  if (!/^[1-9][0-9]{0,3}$/.test(form.amount.trim())) errors.amount = 'Enter a whole number, at least 1';
  else if (amount * UNIT_MINUTES[form.unit] > MAX_MINUTES) errors.amount = 'At most 7 days (168 hours)';
  const reason = form.reason.trim();
  if (reason === '') errors.reason = 'Say why you need more requests';
  else if (reason.length > 500) errors.reason = `At most 500 characters (${reason.length} now)`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: { multiplier, duration: `${amount}${form.unit}`, reason } };
}

/** The limits a boost raised: the plan's limit before, the boosted one after. */
export function raisedLimits(status: RateLimitsResponse): Array<{ name: string; before: number; after: number }> {
  const boost = status.boost;
  if (!boost) return [];
  return LIMIT_NAMES.map(([key, name]) => ({ name, before: boost.base_limits[key], after: status.limits[key].limit }));
}

/** "GET /v2/accounts/api-keys", a bare method for a path no route has, "Other" past the bounds. */
export function routeName(route: ApiUsageRoute): string {
  if (route.kind === 'other') return 'Other (past the aggregate’s bounds)';
  if (route.kind === 'unmatched') return `${route.method} (no such route)`;
  return `${route.method} ${route.path}`;
}

export const percent = (rate: number) => (rate === 0 ? '0%' : rate < 0.001 ? '<0.1%' : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`);

export const milliseconds = (ms: number) =>
  ms < 1 ? `${ms.toFixed(2)} ms` : ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** The timeline as CSV rows: start, total, then each status class. */
export function timelineRows(data: ApiUsageResponse): Array<[string, number, number, number, number, number]> {
  return data.timeline.map((p) => [p.start, p.requests, p.byStatus['2xx'], p.byStatus['3xx'], p.byStatus['4xx'], p.byStatus['5xx']]);
}
