// The usage dashboard's words and addresses (features/accounts/usage/usage-format.ts): where a
// cost leads, the timeline's period, a refusal for want of the billing scope, tiny costs.
import { describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import {
  billingScopeText,
  detailedPeriodOf,
  resourcePath,
  resourceTypeOf,
  smallMoney,
} from '../../../renderer/src/features/accounts/usage/usage-format';

const refusal = (status: number, details: Record<string, unknown>): NormalizedError => ({
  status,
  code: status === 403 ? 'INSUFFICIENT_PERMISSIONS' : 'RATE_LIMITED',
  message: 'refused',
  details,
  source: 'account',
});

describe('usage words and addresses', () => {
  it('leads each cost to the page of the resource that spent it, by its id', () => {
    const cases: Array<[string, string | null]> = [
      ['cluster_ab12', '/clusters/cluster_ab12'],
      ['ep_x9', '/endpoints/ep_x9'],
      ['job_7', '/training/jobs/job_7'],
      ['ds_1', '/training/datasets/ds_1'],
      ['model_2', '/models/model_2'],
      ['exp_3', '/experiments/exp_3'],
      ['other', null],
    ];
    for (const [id, path] of cases) expect(resourcePath(resourceTypeOf(id), id)).toBe(path);
  });

  it('reads the timeline over 90 days at most', () => {
    expect(detailedPeriodOf('7d')).toBe('7d');
    expect(detailedPeriodOf('90d')).toBe('90d');
    expect(detailedPeriodOf('180d')).toBe('90d');
    expect(detailedPeriodOf('1y')).toBe('90d');
  });

  it('says what to do about a refusal for want of the billing scope, and nothing of other failures', () => {
    expect(billingScopeText(refusal(403, { requiredScope: 'billing' }))).toMatch(/lacks the billing scope/);
    expect(billingScopeText(refusal(403, {}))).toMatch(/billing scope/);
    expect(billingScopeText(refusal(403, { requiredScope: 'accounts' }))).toBeNull();
    expect(billingScopeText(refusal(429, {}))).toBeNull();
  });

  it('writes a fraction of a cent to three significant digits, and cents otherwise', () => {
    expect(smallMoney(0.000147123, 'USD')).toBe('$0.000147');
    expect(smallMoney(12.5, 'USD')).toBe('$12.50');
    expect(smallMoney(0, 'USD')).toBe('$0.00');
  });
});
