// The API usage view's reads and its one write: the analytics of a period (which count against
// the usage API's 100 an hour, so they are read when asked for, never polled), the rate-limit
// status (a tier read, re-read when a window resets) and the temporary boost.
import { create } from 'zustand';
import type { ApiUsagePeriod, ApiUsageResponse } from '../../../../../shared/api/accounts/api-usage';
import type { RateLimitsResponse, TemporaryBoostRequest, TemporaryBoostResponse } from '../../../../../shared/api/accounts/api-keys';
import { api } from '../../../bridge/api';

interface ApiUsageState {
  readAnalytics(period: ApiUsagePeriod, signal?: AbortSignal): Promise<ApiUsageResponse>;
  readRateLimits(signal?: AbortSignal): Promise<RateLimitsResponse>;
  requestBoost(request: TemporaryBoostRequest): Promise<TemporaryBoostResponse>;
}

export const useApiUsage = create<ApiUsageState>()(() => ({
  async readAnalytics(period, signal) {
    return (await api('analytics.apiUsage', { query: { period } }, { signal })).data;
  },
  async readRateLimits(signal) {
    return (await api('auth.rateLimits', {}, { signal })).data;
  },
  async requestBoost(request) {
    return (await api('auth.temporaryBoost', { body: request })).data;
  },
}));
