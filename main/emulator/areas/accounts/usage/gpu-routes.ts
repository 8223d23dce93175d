// GPU usage and idle GPU money (01-accounts.md, Usage and limits: GET /v2/accounts/usage/gpu; the
// emulator's idle-GPU addition): docs/decisions.md, Usage and costs (issue 21).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { defineRoute } from '../../../core/route-def';
import { billingFrame } from './billing';
import { gpuUsage } from './gpu';
import { idleGpus } from './idle-gpus';

export const gpuUsageRoutes = [
  defineRoute(ops['usage.gpu'], (ctx, { query, now }) => gpuUsage(ctx, billingFrame(ctx, query, now), query.includeMetrics)),
  defineRoute(ops['usage.idleGpus'], (ctx, { query, now }) => idleGpus(ctx, billingFrame(ctx, query, now), query.threshold)),
];
