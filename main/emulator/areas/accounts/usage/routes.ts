// The usage and costs routes (01-accounts.md, Usage and limits; docs/decisions.md, Usage and
// costs), with the emulator's idle-GPU addition.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { defineRoute } from '../../../core/route-def';
import { usageAlerts } from './alerts';
import { billingFrame } from './billing';
import { usageCosts } from './costs';
import { detailedUsage } from './detailed';
import { endpointUsage } from './endpoints';
import { gpuUsage } from './gpu';
import { idleGpus } from './idle-gpus';
import { usageSummary } from './summary';

export const usageRoutes = [
  defineRoute(ops['usage.summary'], (ctx, { query, now }) => usageSummary(ctx, billingFrame(ctx, query, now))),
  defineRoute(ops['usage.detailed'], (ctx, { query, now }) => detailedUsage(ctx, billingFrame(ctx, query, now), query)),
  defineRoute(ops['usage.gpu'], (ctx, { query, now }) => gpuUsage(ctx, billingFrame(ctx, query, now), query.includeMetrics)),
  defineRoute(ops['usage.idleGpus'], (ctx, { query, now }) => idleGpus(ctx, billingFrame(ctx, query, now), query.threshold)),
  defineRoute(ops['usage.endpoints'], (ctx, { query, now }) => endpointUsage(ctx, billingFrame(ctx, query, now))),
  defineRoute(ops['usage.costs'], (ctx, { query, now }) => usageCosts(ctx, billingFrame(ctx, query, now), query)),
  defineRoute(ops['usage.alerts'], (ctx, { now }) => usageAlerts(ctx, now)),
];
