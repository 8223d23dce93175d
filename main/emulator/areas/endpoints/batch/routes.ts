// POST /v2/endpoints/batch-execute (01-accounts.md, Usage and limits): each request runs on
// its endpoint for a simulated time (the endpoint's latency now, scaled by the input's size),
// queued in waves of the endpoint's capacity (workers × maxConcurrency). The batch is kept
// until its last request has ended: while it runs, updates of those endpoints are refused
// (docs/decisions.md, Endpoints: batch-execute).
import { endpointsOperations as ops } from '../../../../../shared/api/endpoints/operations';
import type { BatchExecuteResponse } from '../../../../../shared/api/endpoints/batch';
import { Rng } from '../../../core/rng';
import { defineRoute } from '../../../core/route-def';
import { endpointRecord } from '../records';
import { healthAt, isServing } from '../sim/lifecycle';
import { recordApiExecutions } from '../sim/executions';
import { sampleAt } from '../sim/traffic';
import { AREA, endpointsState, findEndpoint, type StoredBatch } from '../state';
import { iso } from '../endpoint/view';

type Execution = BatchExecuteResponse['executions'][number];

export const batchExecuteRoute = defineRoute(ops['endpoints.batchExecute'], (ctx, { body, now, key }) => {
  const s = endpointsState(ctx.store);
  // Batches whose requests have all ended are dropped (and logged as removed).
  for (const done of s.batches.filter((b) => b.executions.every((x) => x.ends_at <= now))) {
    s.batches.splice(s.batches.indexOf(done), 1);
    ctx.store.touch(AREA, endpointRecord.batch(done.id));
  }
  s.batch_seq++;
  ctx.store.touch(AREA, endpointRecord.meta);
  const rng = Rng.derive(ctx.seed(), `endpoints:batch:${s.batch_seq}`);
  const batch: StoredBatch = { id: `batch_${rng.base62(16)}`, submitted_at: now, executions: [] };
  const perEndpoint = new Map<string, number>();
  const executions = body.requests.map((req, index): Execution => {
    const e = findEndpoint(ctx.store, req.endpoint_id);
    const refused = (error: string, message: string): Execution => ({
      index,
      endpoint_id: req.endpoint_id.slice(0, 100),
      requestId: null,
      status: 'FAILED',
      startedAt: null,
      estimatedCompletion: null,
      executionTimeMs: null,
      error: { error, message },
    });
    if (!e) return refused('ENDPOINT_NOT_FOUND', 'No endpoint with this id');
    const h = healthAt(e, now);
    if (!isServing(h)) return refused('ENDPOINT_NOT_READY', `The endpoint is ${h} and takes no requests`);
    const sample = sampleAt(e, now);
    const size = JSON.stringify(req.input).length;
    const ms = Math.round(Math.max(sample.latencyMs, e.traffic.latency_ms) * (1 + size / 20_000));
    if (ms > e.configuration.timeoutSeconds * 1000)
      return refused('EXECUTION_TIMEOUT', `The request would run longer than the endpoint's timeout (${e.configuration.timeoutSeconds} s)`);
    const position = perEndpoint.get(e.id) ?? 0;
    perEndpoint.set(e.id, position + 1);
    const wave = Math.floor(position / (e.configuration.workerCount * e.configuration.maxConcurrency));
    const started = now + wave * ms;
    const requestId = `req_${rng.base62(16)}`;
    batch.executions.push({ request_id: requestId, endpoint_id: e.id, started_at: started, ends_at: started + ms });
    return {
      index,
      endpoint_id: e.id,
      requestId,
      status: 'IN_PROGRESS',
      startedAt: iso(started),
      estimatedCompletion: iso(started + ms),
      executionTimeMs: ms,
      error: null,
    };
  });
  if (batch.executions.length > 0) {
    s.batches.push(batch);
    ctx.store.touch(AREA, endpointRecord.batch(batch.id));
  }
  // Each accepted request is an execution of its endpoint, made by the key's member (usage).
  for (const [id, count] of perEndpoint) {
    recordApiExecutions(findEndpoint(ctx.store, id)!, key.createdBy, now, count);
    ctx.store.touch(AREA, endpointRecord.endpoint(id));
  }
  const end = batch.executions.reduce((m, x) => Math.max(m, x.ends_at), now);
  return {
    batchId: batch.id,
    submittedAt: iso(now),
    estimatedCompletion: iso(end),
    accepted: batch.executions.length,
    failed: executions.length - batch.executions.length,
    executions,
  };
});
