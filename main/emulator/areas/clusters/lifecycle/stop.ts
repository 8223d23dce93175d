// Stop (02-clusters.md, Stop; States and transitions): only a running cluster; billing
// stops at once; the phases run in simulated time and the cluster reads `stopped` after
// `completed`. The handler records the start and the plan; progress is computed when read.
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import type { StopData } from '../../../../../shared/api/clusters/lifecycle';
import { defineRoute } from '../../../core/route-def';
import { project, sessionCost, settle } from '../sim/cluster-state';
import { endOf, planStop, progressAt } from '../sim/phases';
import { iso } from '../envelope';
import { stopInvalidState } from '../errors';
import { clusterOr404 } from '../lookup';
import { addPhaseSnapshot, answer, progressOf } from './common';
import { clusterRecord } from '../records';
import { AREA, type StoredCluster, type StoredLifecycle } from '../state';

function stopData(c: StoredCluster, op: StoredLifecycle, now: number): StopData {
  const p = progressAt(op, now);
  const s = op.stop!;
  return {
    id: c.id,
    name: c.name,
    status: p.done ? 'stopped' : 'stopping',
    stop_initiated_at: iso(op.started_at),
    estimated_stop_time: iso(endOf(op)),
    stop_type: op.type,
    grace_period_minutes: op.grace_period_minutes,
    stop_progress: progressOf(op, now) as StopData['stop_progress'],
    snapshot_creation: { enabled: op.snapshot_id !== null, snapshot_id: op.snapshot_id },
    cost_impact: {
      hourly_rate_saved: s.hourly_rate_saved,
      session_cost_final: s.session_cost_final,
      billing_stopped_at: iso(s.billing_stopped_at),
    },
    data_preservation: { volumes_preserved: [...s.volumes_preserved], snapshots_created: op.snapshot_id === null ? 0 : 1 },
  };
}

export const stopRoute = defineRoute(ops['clusters.stop'], (ctx, { params, body, now, requestId }) => {
  const c = clusterOr404(ctx.store, params.cluster_id);
  settle(c, now);
  const status = project(c, now).status;
  if (status !== 'running') throw stopInvalidState(status);
  const phases = planStop({
    seed: ctx.seed(),
    clusterId: c.id,
    startedAt: now,
    force: body.force,
    gracePeriodMinutes: body.grace_period_minutes,
    keepState: body.save_state,
  });
  const op: StoredLifecycle = {
    kind: 'stop',
    started_at: now,
    phases,
    type: body.force ? 'forced' : 'graceful',
    grace_period_minutes: body.grace_period_minutes,
    timeout_minutes: body.timeout_minutes,
    snapshot_id: null,
    stop: {
      hourly_rate_saved: c.hourly_rate,
      session_cost_final: sessionCost({ ...c, billing_stopped_at: now }, now),
      billing_stopped_at: now,
      volumes_preserved: body.preserve_data ? [...c.volumes] : [],
    },
  };
  if (body.save_state)
    op.snapshot_id = addPhaseSnapshot(c, op, 'creating_snapshot', body.snapshot_name ?? `${c.name}-stop-${iso(now).slice(0, 16)}`);
  if (!body.preserve_data) c.volumes = [];
  c.billing_stopped_at = now;
  c.lifecycle = op;
  ctx.store.touch(AREA, clusterRecord.cluster(c.id));
  return answer(ctx, op, now, body.wait_for_completion, 'wait_for_completion', (t) => stopData(c, op, t), requestId);
});
