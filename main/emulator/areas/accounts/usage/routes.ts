// The usage and costs routes (01-accounts.md, Usage and limits; docs/decisions.md, Usage and costs).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { defineRoute } from '../../../core/route-def';
import { usageAlerts } from './alerts';
import { billingFrame } from './billing';
import { usageCosts } from './costs';
import { detailedUsage } from './detailed';
import { endpointUsage } from './endpoints';
import { usageSummary } from './summary';

export const usageRoutes = [
  defineRoute(ops['usage.summary'], (ctx, { query, now }) => usageSummary(ctx, billingFrame(ctx, query, now))),
  defineRoute(ops['usage.detailed'], (ctx, { query, now }) => detailedUsage(ctx, billingFrame(ctx, query, now), query)),
  defineRoute(ops['usage.endpoints'], (ctx, { query, now }) => endpointUsage(ctx, billingFrame(ctx, query, now))),
  defineRoute(ops['usage.costs'], (ctx, { query, now }) => usageCosts(ctx, billingFrame(ctx, query, now), query)),
  defineRoute(ops['usage.alerts'], (ctx, { now }) => usageAlerts(ctx, now)),
];
