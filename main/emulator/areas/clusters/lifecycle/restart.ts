// Restart (02-clusters.md, Restart; States and transitions): from running, stopped or error.
// Every requested change is validated first, then applied to the stored cluster at once;
// configuration_updates lists them as pending until updating_configuration has passed.
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { estimateHourlyRate } from '../../../../../shared/api/clusters/common';
import type { RestartData, RestartRequestParsed } from '../../../../../shared/api/clusters/lifecycle';
import { computeHoursRefusal } from '../../../core/compute-hours';
import { defineRoute } from '../../../core/route-def';
import { closeBilledStretch, project, settle } from '../sim/cluster-state';
import { endOf, phaseEnd, planRestart, progressAt } from '../sim/phases';
import { iso } from '../envelope';
import { gpuUnavailable, restartInvalidState, snapshotNotFound, storageCannotShrink } from '../errors';
import { clusterOr404 } from '../lookup';
import { addPhaseSnapshot, answer, progressOf } from './common';
import { claimExternalPort, newPort } from '../ports/routes';
import { clusterRecord } from '../records';
import { AREA, type StoredCluster, type StoredLifecycle } from '../state';

/** Chosen: no region offers more GPUs than this to one cluster (GPU_UNAVAILABLE above it). */
const MAX_GPUS_PER_CLUSTER = 8;
const RESTARTABLE = new Set(['running', 'stopped', 'error']);

/** Validates and applies the requested changes; returns their descriptions. Throws before changing anything. */
function applyChanges(c: StoredCluster, body: RestartRequestParsed, now: number): string[] {
  const uc = body.update_configuration ?? {};
  if (uc.storage_gb !== undefined && uc.storage_gb < c.resources.storage_gb)
    throw storageCannotShrink(c.resources.storage_gb, uc.storage_gb);
  if (uc.gpu_count !== undefined && uc.gpu_count > MAX_GPUS_PER_CLUSTER)
    throw gpuUnavailable(c.gpu.type, uc.gpu_count, MAX_GPUS_PER_CLUSTER);
  const snapshot =
    body.restore_from_snapshot === undefined
      ? undefined
      : c.snapshots.find((s) => s.id === body.restore_from_snapshot && s.created_at <= now);
  if (body.restore_from_snapshot !== undefined && !snapshot) throw snapshotNotFound(c.id, body.restore_from_snapshot);
  // Port updates: an item naming an existing (internal_port, protocol) moves that mapping; others add one.
  const ports = c.ports.map((p) => ({ ...p }));
  const added: typeof ports = [];
  for (const u of body.port_mapping_updates ?? []) {
    const existing = ports.find((p) => p.internal_port === u.internal_port && p.protocol === u.protocol);
    const taken = new Set([...ports, ...added].filter((p) => p !== existing).map((p) => p.external_port));
    const external =
      u.external_port === 0 && existing
        ? existing.external_port
        : claimExternalPort({ ...c, ports: [...ports, ...added] }, u.external_port, existing?.id, taken);
    if (existing) Object.assign(existing, { external_port: external, description: u.description, updated_at: now });
    else
      added.push(
        newPort(c, { internal_port: u.internal_port, external_port: external, protocol: u.protocol, description: u.description }, now),
      );
  }

  const changes: string[] = [];
  for (const name of ['cpu_cores', 'memory_gb', 'storage_gb'] as const) {
    const v = uc[name];
    if (v !== undefined && v !== c.resources[name]) changes.push(`${name}: ${c.resources[name]} → ${v}`);
    if (v !== undefined) c.resources[name] = v;
  }
  if (uc.gpu_count !== undefined && uc.gpu_count !== c.gpu.count) changes.push(`gpu_count: ${c.gpu.count} → ${uc.gpu_count}`);
  if (uc.gpu_count !== undefined) c.gpu.count = uc.gpu_count;
  if (uc.region !== undefined && uc.region !== c.region) changes.push(`region: ${c.region} → ${uc.region} (data migration)`);
  if (uc.region !== undefined) c.region = uc.region;
  for (const [k, v] of Object.entries(body.environment_updates ?? {})) {
    changes.push(`environment ${k} ${k in c.environment ? 'updated' : 'added'}`);
    c.environment[k] = v;
  }
  if (body.port_mapping_updates?.length) {
    for (const p of [...ports.filter((p) => p.updated_at === now), ...added])
      changes.push(`port ${p.internal_port}/${p.protocol} → external ${p.external_port}`);
    c.ports = [...ports, ...added];
  }
  if (body.update_container_image !== undefined && body.update_container_image !== c.container_image) {
    changes.push(`container_image: ${c.container_image} → ${body.update_container_image}`);
    c.container_image = body.update_container_image;
  }
  if (snapshot) changes.push(`restore from snapshot ${snapshot.id} (${snapshot.name})`);
  if (body.apply_system_updates) changes.push('apply pending system updates');
  return changes;
}

function restartData(c: StoredCluster, op: StoredLifecycle, now: number): RestartData {
  const p = progressAt(op, now);
  const r = op.restart!;
  const applied = p.done || (phaseEnd(op, 'updating_configuration') ?? Infinity) <= now;
  return {
    id: c.id,
    name: c.name,
    status: p.done ? 'running' : 'restarting',
    restart_initiated_at: iso(op.started_at),
    estimated_completion_time: iso(endOf(op)),
    restart_type: op.type,
    restart_progress: progressOf(op, now) as RestartData['restart_progress'],
    configuration_updates: { pending: applied ? [] : [...r.changes], applied: applied ? [...r.changes] : [] },
    cost_impact: { old_hourly_rate: r.old_hourly_rate, new_hourly_rate: r.new_hourly_rate, rate_change_reason: r.rate_change_reason },
  };
}

export const restartRoute = defineRoute(ops['clusters.restart'], (ctx, { params, body, now, requestId, key }) => {
  const c = clusterOr404(ctx.store, params.cluster_id);
  settle(c, now);
  const status = project(c, now).status;
  if (!RESTARTABLE.has(status)) throw restartInvalidState(status);
  // Starting a stopped cluster starts compute: the caller's role may limit their hours this month.
  if (status !== 'running') {
    const refused = computeHoursRefusal(ctx, key, now);
    if (refused) throw refused;
  }
  const oldRate = c.hourly_rate;
  const changes = applyChanges(c, body, now);
  const newRate = estimateHourlyRate({ gpu_type: c.gpu.type, gpu_count: c.gpu.count, ...c.resources });
  c.hourly_rate = newRate;
  const resourceChanges = changes.filter((s) => /^(cpu_cores|memory_gb|storage_gb|gpu_count):/.test(s));
  const phases = planRestart({
    seed: ctx.seed(),
    clusterId: c.id,
    startedAt: now,
    force: body.force,
    gracePeriodMinutes: body.grace_period_minutes,
    keepState: body.preserve_state,
    running: status === 'running',
  });
  const op: StoredLifecycle = {
    kind: 'restart',
    started_at: now,
    phases,
    type: body.force ? 'forced' : 'graceful',
    grace_period_minutes: body.grace_period_minutes,
    timeout_minutes: body.timeout_minutes,
    snapshot_id: null,
    restart: {
      changes,
      old_hourly_rate: oldRate,
      new_hourly_rate: newRate,
      rate_change_reason: newRate !== oldRate ? `Resources changed: ${resourceChanges.join(', ')}` : null,
    },
  };
  // A stopped or failed cluster has nothing to checkpoint: its plan has no such phase.
  if (phaseEnd(op, 'creating_checkpoint') !== null)
    op.snapshot_id = addPhaseSnapshot(c, op, 'creating_checkpoint', `${c.name}-checkpoint-${iso(now).slice(0, 16)}`);
  if (status !== 'running') {
    // Billing resumes once a stopped or failed cluster is running again (the end of its start
    // phases, when its uptime begins), as the restart dialog says — not when it is asked. The
    // session that ended goes to the history at the rate it was billed.
    closeBilledStretch(c, oldRate, c.billing_stopped_at ?? now);
    c.billing_started_at = endOf(op);
    c.billing_stopped_at = null;
    c.rate_since = null;
  } else if (newRate !== oldRate) {
    // A running cluster's new rate applies from now: what it ran until now stays billed at the old one.
    closeBilledStretch(c, oldRate, now);
    c.rate_since = now;
  }
  c.lifecycle = op;
  c.last_accessed = now;
  ctx.store.touch(AREA, clusterRecord.cluster(c.id));
  return answer(ctx, op, now, body.wait_for_ready, 'wait_for_ready', (t) => restartData(c, op, t), requestId);
});
