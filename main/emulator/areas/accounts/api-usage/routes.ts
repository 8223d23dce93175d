// `GET /v2/analytics/api-usage` (01-accounts.md, Usage and limits; docs/decisions.md, API usage analytics).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { defineRoute } from '../../../core/route-def';
import { accountsOf } from '../state';
import { apiUsageReport } from './report';

export const apiUsageRoutes = [
  defineRoute(ops['analytics.apiUsage'], (ctx, { query, now }) => {
    const accounts = accountsOf(ctx.store);
    return apiUsageReport(accounts.apiUsage, query.period, now, (keyId) => accounts.keys.get(keyId)?.name ?? null);
  }),
];
