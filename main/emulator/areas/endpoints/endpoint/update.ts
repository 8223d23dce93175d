// PUT /v2/endpoints/{id} (03-endpoints-training.md, Endpoint update; States and transitions):
// the change is stored at once and rolls out over simulated time (status `updating` until
// then); refused with ENDPOINT_BUSY while batch-execute requests are in flight on the endpoint
// (docs/decisions.md, Endpoints: update).
import type { EndpointConfiguration } from '../../../../../shared/api/endpoints/common';
import { endpointsOperations as ops } from '../../../../../shared/api/endpoints/operations';
import { defineRoute } from '../../../core/route-def';
import { endpointBusy, invalidConfiguration } from '../errors';
import { endpointOr404 } from '../lookup';
import { endpointRecord } from '../records';
import { healthAt } from '../sim/lifecycle';
import { closeServedStretch } from '../sim/served';
import { AREA, endpointsState } from '../state';
import { batchInFlight, iso } from './view';

/** Rolling restart: 20 s, plus 15 s per worker restarted in turn; a change that restarts nothing takes 10 s. */
function rolloutMs(restarts: boolean, workers: number): number {
  return restarts ? (20 + 15 * workers) * 1000 : 10_000;
}

const show = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

function changesOf(before: EndpointConfiguration, after: EndpointConfiguration): string[] {
  const out: string[] = [];
  for (const k of ['workerCount', 'maxConcurrency', 'timeoutSeconds'] as const)
    if (before[k] !== after[k]) out.push(`${k}: ${before[k]} → ${after[k]}`);
  const names = new Set([...Object.keys(before.environmentVariables), ...Object.keys(after.environmentVariables)]);
  for (const n of [...names].sort()) {
    const a = before.environmentVariables[n];
    const b = after.environmentVariables[n];
    if (a === b) continue;
    // Values may be secrets: the change names the variable, never its value.
    out.push(
      a === undefined
        ? `environmentVariables.${n}: added`
        : b === undefined
          ? `environmentVariables.${n}: removed`
          : `environmentVariables.${n}: changed`,
    );
  }
  for (const k of Object.keys(after.autoScaling) as Array<keyof EndpointConfiguration['autoScaling']>)
    if (before.autoScaling[k] !== after.autoScaling[k])
      out.push(`autoScaling.${k}: ${show(before.autoScaling[k])} → ${show(after.autoScaling[k])}`);
  return out;
}

export const updateRoute = defineRoute(ops['endpoints.update'], (ctx, { params, body, now }) => {
  const s = endpointsState(ctx.store);
  const e = endpointOr404(ctx.store, params.endpointId);
  const before = e.configuration;
  const after: EndpointConfiguration = {
    workerCount: body.workerCount ?? before.workerCount,
    maxConcurrency: body.maxConcurrency ?? before.maxConcurrency,
    timeoutSeconds: body.timeoutSeconds ?? before.timeoutSeconds,
    environmentVariables: body.environmentVariables ?? { ...before.environmentVariables },
    autoScaling: { ...before.autoScaling, ...body.autoScaling },
  };
  // Bounds that hold between fields, checked on the merged configuration.
  const a = after.autoScaling;
  if (a.minWorkers > a.maxWorkers)
    throw invalidConfiguration(
      'autoScaling.minWorkers',
      a.minWorkers,
      { maximum: a.maxWorkers },
      `at most autoScaling.maxWorkers (${a.maxWorkers})`,
    );
  if (a.enabled && after.workerCount > a.maxWorkers)
    throw invalidConfiguration(
      'workerCount',
      after.workerCount,
      { maximum: a.maxWorkers },
      `at most autoScaling.maxWorkers (${a.maxWorkers}) while auto-scaling is on`,
    );
  if (a.enabled && after.workerCount < a.minWorkers)
    throw invalidConfiguration(
      'workerCount',
      after.workerCount,
      { minimum: a.minWorkers },
      `at least autoScaling.minWorkers (${a.minWorkers}) while auto-scaling is on`,
    );
  const busy = batchInFlight(s, e.id, now);
  if (busy.count > 0) throw endpointBusy(busy.count, iso(busy.until));

  const changes = changesOf(before, after);
  const h = healthAt(e, now);
  const restarts =
    h !== 'stopped' &&
    h !== 'error' &&
    (before.workerCount !== after.workerCount ||
      before.maxConcurrency !== after.maxConcurrency ||
      before.timeoutSeconds !== after.timeoutSeconds ||
      changes.some((c) => c.startsWith('environmentVariables.')));
  const ends = now + rolloutMs(restarts, Math.max(before.workerCount, after.workerCount));
  if (before.workerCount !== after.workerCount) {
    // A new billed rate from now: the serving so far stays at the old one.
    closeServedStretch(e, now);
    e.rate_since = now;
  }
  e.configuration = after;
  e.updated_at = now;
  e.rollout = { started_at: now, ends_at: ends, changes };
  ctx.store.touch(AREA, endpointRecord.endpoint(e.id));
  return {
    id: e.id,
    name: e.name,
    status: 'updating' as const,
    configuration: structuredClone(after),
    updatedAt: iso(now),
    rollout: { startedAt: iso(now), estimatedCompletion: iso(ends), changes },
  };
});
