// The chaos rule form as plain text fields, and its translation into a ChaosRule checked by the
// shared schema; each message gives the schema's real bound in words.
import {
  CHAOS_LATENCY_MAX_MS,
  CHAOS_ROUTE_MAX,
  CHAOS_STATUS_MAX,
  CHAOS_STATUS_MIN,
  ChaosRule,
  type CHAOS_METHODS,
} from '../../../../shared/api/emulator-admin';
import type { AccountErrorCode } from '../../../../shared/api/errors';
import type { FormResult } from '../../components/form/form-result';

export interface ChaosForm {
  route: string;
  /** '' for any method. */
  method: '' | (typeof CHAOS_METHODS)[number];
  latencyMs: string;
  /** Percent, 0–100. */
  errorRate: string;
  status: string;
  code: AccountErrorCode;
}

export type ChaosErrors = Partial<Record<'route' | 'latencyMs' | 'errorRate' | 'status' | 'form', string>>;

const fmt = (n: number) => n.toLocaleString('en-US');
export const CHAOS_RULES = {
  route: `Starts with /; up to ${fmt(CHAOS_ROUTE_MAX)} characters`,
  latencyMs: `0 to ${fmt(CHAOS_LATENCY_MAX_MS)} ms`,
  errorRate: '0–100 %',
  status: `${CHAOS_STATUS_MIN}–${CHAOS_STATUS_MAX}`,
} as const;
export const PATTERN_HELP = '* matches one path segment, ** any number of segments; e.g. /v1/clusters/** or /v2/accounts/api-keys/*';

export const emptyChaosForm = (): ChaosForm => ({
  route: '',
  method: '',
  latencyMs: '0',
  errorRate: '100',
  status: '503',
  code: 'CHAOS_INJECTED',
});

export function chaosFormOf(rule: ChaosRule): ChaosForm {
  return {
    route: rule.route,
    method: rule.method ?? '',
    latencyMs: String(rule.latencyMs),
    // Shown as a percentage; rounding keeps 0.07 from reading 7.000000000000001.
    errorRate: String(Math.round(rule.errorRate * 100 * 1000) / 1000),
    status: String(rule.status),
    code: rule.code,
  };
}

const number = (text: string): number | null => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null);

export function toChaosRule(form: ChaosForm): FormResult<ChaosRule, ChaosErrors> {
  const errors: ChaosErrors = {};
  const route = form.route.trim();
  if (route === '') errors.route = 'Enter a route pattern, e.g. /v1/clusters/**';
  else if (!route.startsWith('/')) errors.route = 'Start the pattern with /, e.g. /v2/auth/*';
  else if (route.length > CHAOS_ROUTE_MAX) errors.route = `At most ${fmt(CHAOS_ROUTE_MAX)} characters`;

  const latency = number(form.latencyMs);
  if (latency === null || !Number.isInteger(latency) || latency < 0 || latency > CHAOS_LATENCY_MAX_MS) {
    errors.latencyMs = `Enter whole milliseconds from 0 to ${fmt(CHAOS_LATENCY_MAX_MS)}`;
  }
  const percent = number(form.errorRate);
  if (percent === null || percent < 0 || percent > 100) errors.errorRate = 'Enter a percentage from 0 to 100';
  const status = number(form.status);
  if (status === null || !Number.isInteger(status) || status < CHAOS_STATUS_MIN || status > CHAOS_STATUS_MAX) {
    errors.status = `Enter an error status from ${CHAOS_STATUS_MIN} to ${CHAOS_STATUS_MAX}`;
  }
  if (!errors.latencyMs && !errors.errorRate && latency === 0 && percent === 0) {
    errors.errorRate = 'Add latency or an error rate: as it is, the rule changes nothing';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const parsed = ChaosRule.safeParse({
    route,
    ...(form.method ? { method: form.method } : {}),
    latencyMs: latency,
    errorRate: percent! / 100,
    status,
    code: form.code,
  });
  // The checks above mirror the schema; anything it still refuses is named on the form.
  if (!parsed.success) return { ok: false, errors: { form: 'This rule is not valid' } };
  return { ok: true, request: parsed.data };
}

/** "40 %", "0.5 %". */
export const formatRate = (rate: number): string => `${(Math.round(rate * 100 * 1000) / 1000).toLocaleString('en-US')} %`;
