// Stop and restart over HTTP: state rules, phases in the document's order moved by the
// simulated clock, snapshots, configuration changes, cost impact and held responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestartResponse, StopResponse } from '../../../../shared/api/clusters/lifecycle';
import { errorOf, startClusters, type ClusterTarget } from './harness';

const STOP_ORDER = [
  'notifying_processes',
  'waiting_for_graceful_exit',
  'creating_snapshot',
  'terminating_resources',
  'cleaning_up',
  'completed',
];
const RESTART_ORDER = [
  'stopping_processes',
  'creating_checkpoint',
  'updating_configuration',
  'starting_services',
  'health_checks',
  'ready',
];

let t: ClusterTarget;
beforeAll(async () => (t = await startClusters()));
afterAll(() => t.close());

/** Advances in steps until the cluster leaves `status`; returns the phases seen (each once) and the final record. */
async function follow(id: string, status: string, stepSeconds = 10) {
  const seen: string[] = [];
  const percentages: number[] = [];
  for (let i = 0; i < 500; i++) {
    const c = (await t.call('GET', `/v1/clusters/${id}`)).body.data;
    if (c.status !== status) return { seen, percentages, cluster: c };
    if (seen.at(-1) !== c.lifecycle.phase) seen.push(c.lifecycle.phase);
    percentages.push(c.lifecycle.percentage);
    await t.advance(stepSeconds);
  }
  throw new Error('operation did not finish');
}

const inOrder = (seen: string[], order: string[]) => seen.every((p, i) => i === 0 || order.indexOf(p) > order.indexOf(seen[i - 1]!));

describe('state rules (before the clock moves)', () => {
  it('refuses stop unless running, with INVALID_STATE details and a suggestion', async () => {
    for (const name of ['vision-finetune', 'cv-experiments', 'batch-embeddings', 'ci-smoke-tests']) {
      const c = await t.cluster(name);
      const r = await t.call('POST', `/v1/clusters/${c.id}/stop`, { body: {} });
      expect(errorOf(r)).toMatchObject({
        status: 409,
        code: 'INVALID_STATE',
        details: { current_status: c.status, required_status: 'running', suggestion: expect.any(String) },
      });
    }
  });

  it('refuses restart while starting, stopping or restarting, listing the allowed states', async () => {
    for (const name of ['ci-smoke-tests', 'batch-embeddings', 'rlhf-sweep']) {
      const c = await t.cluster(name);
      const r = await t.call('POST', `/v1/clusters/${c.id}/restart`, { body: {} });
      expect(errorOf(r)).toMatchObject({
        status: 409,
        code: 'INVALID_STATE',
        details: { current_status: c.status, allowed_states: ['running', 'stopped', 'error'], suggestion: expect.any(String) },
      });
    }
  });

  it('validates the bodies against the documented bounds', async () => {
    const c = await t.cluster('llm-pretraining');
    const stop = (body: unknown) => t.call('POST', `/v1/clusters/${c.id}/stop`, { body });
    expect(errorOf(await stop({ grace_period_minutes: 31 }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'grace_period_minutes' },
    });
    expect(errorOf(await stop({ timeout_minutes: 61 }))).toMatchObject({ details: { field: 'timeout_minutes' } });
    expect(errorOf(await stop({ notify_users: ['bob'] })).details.field).toBe('notify_users.0');
    const restart = (body: unknown) => t.call('POST', `/v1/clusters/${c.id}/restart`, { body });
    expect(errorOf(await restart({ grace_period_minutes: 45 })).details.field).toBe('grace_period_minutes');
    expect(errorOf(await restart({ timeout_minutes: 0 })).details.field).toBe('timeout_minutes');
    expect(errorOf(await restart({ update_configuration: { disk: 5 } })).code).toBe('VALIDATION_ERROR');
    // A cluster moves only to a region the platform offers (the dialog's select lists the same ones).
    expect(errorOf(await restart({ update_configuration: { region: 'mars-north-1' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'update_configuration.region' },
    });
    expect(errorOf(await t.call('POST', '/v1/clusters/cluster_gone/stop', { body: {} })).code).toBe('CLUSTER_NOT_FOUND');
    // Nothing above changed the cluster.
    expect((await t.cluster('llm-pretraining')).status).toBe('running');
  });
});

describe('stop', () => {
  it('moves a running cluster through the graceful phases to stopped, ending billing at once', async () => {
    const c = await t.cluster('llm-pretraining');
    const r = await t.call('POST', `/v1/clusters/${c.id}/stop`); // no body: every default
    expect(r.status).toBe(200);
    const d = StopResponse.parse(r.body).data;
    expect(r.body.meta).toMatchObject({ request_id: expect.stringMatching(/^req_/), wait_for_completion: false });
    expect(d).toMatchObject({
      status: 'stopping',
      stop_type: 'graceful',
      grace_period_minutes: 5,
      snapshot_creation: { enabled: false, snapshot_id: null },
    });
    expect(d.stop_progress).toMatchObject({ phase: 'notifying_processes', steps_completed: 0, total_steps: 4, percentage: 0 });
    expect(d.cost_impact).toMatchObject({ hourly_rate_saved: c.cost.hourly_rate, billing_stopped_at: d.stop_initiated_at });
    expect(d.cost_impact.session_cost_final).toBeGreaterThan(0);
    expect(d.data_preservation).toEqual({ volumes_preserved: c.storage.volumes, snapshots_created: 0 });
    const total = (Date.parse(d.estimated_stop_time) - Date.parse(d.stop_initiated_at)) / 1000;
    expect(total).toBeGreaterThanOrEqual(10 + 300 + 30 + 10); // grace 5 min is the graceful wait
    expect(total).toBeLessThanOrEqual(30 + 300 + 60 + 30);

    const during = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(during).toMatchObject({
      status: 'stopping',
      lifecycle: { operation: 'stop', estimated_completion_time: d.estimated_stop_time },
    });
    expect(during.cost.billing_stopped_at).toBe(d.cost_impact.billing_stopped_at);
    const { seen, percentages, cluster } = await follow(c.id, 'stopping');
    expect(seen).toEqual(['notifying_processes', 'waiting_for_graceful_exit', 'terminating_resources', 'cleaning_up']);
    expect([...percentages].sort((a, b) => a - b)).toEqual(percentages);
    expect(cluster.status).toBe('stopped');
    expect(cluster.lifecycle).toBeUndefined();
    expect(cluster.uptime_seconds).toBe(0);
    expect(cluster.cost.session_cost).toBe(d.cost_impact.session_cost_final);
  });

  it('with force and save_state skips the graceful phases and creates the snapshot', async () => {
    const c = await t.cluster('inference-api');
    const r = await t.call('POST', `/v1/clusters/${c.id}/stop`, {
      body: { force: true, save_state: true, snapshot_name: 'before-upgrade', preserve_data: false, stop_reason: 'test' },
    });
    const d = StopResponse.parse(r.body).data;
    expect(d).toMatchObject({
      stop_type: 'forced',
      stop_progress: { phase: 'creating_snapshot', total_steps: 3 },
      data_preservation: { volumes_preserved: [], snapshots_created: 1 },
    });
    expect(d.snapshot_creation).toMatchObject({ enabled: true, snapshot_id: expect.stringMatching(/^snap_/) });
    const before = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(before.storage.snapshots.map((s: { id: string }) => s.id)).not.toContain(d.snapshot_creation.snapshot_id);
    const { seen, cluster } = await follow(c.id, 'stopping', 15);
    expect(inOrder(seen, STOP_ORDER)).toBe(true);
    expect(seen[0]).toBe('creating_snapshot');
    expect(seen).not.toContain('waiting_for_graceful_exit');
    expect(cluster.storage.snapshots).toContainEqual(
      expect.objectContaining({ id: d.snapshot_creation.snapshot_id, name: 'before-upgrade' }),
    );
    expect(cluster.storage.volumes).toEqual([]);
  });

  it('holds the response with wait_for_completion until simulated time reaches the end', async () => {
    const c = await t.cluster('notebook-sandbox');
    const pending = t.call('POST', `/v1/clusters/${c.id}/stop`, { body: { force: true, wait_for_completion: true } });
    // Once the stop is under way, move the clock past its end: the held answer follows.
    for (let i = 0; i < 500 && (await t.call('GET', `/v1/clusters/${c.id}`)).body.data.status !== 'stopping'; i++)
      await new Promise((r) => setTimeout(r, 20));
    await t.advance(600);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.body.meta).toMatchObject({ wait_for_completion: true, timed_out: false });
    expect(r.body.data).toMatchObject({ status: 'stopped', stop_progress: { phase: 'completed', percentage: 100 } });
  });
});

describe('restart', () => {
  it('applies configuration changes, reports them pending then applied, and recomputes the rate', async () => {
    const c = await t.cluster('vision-finetune');
    const snap = c.storage.snapshots[0];
    const body = {
      preserve_state: true,
      update_configuration: { storage_gb: c.resources.storage_gb + 200, cpu_cores: 32 },
      environment_updates: { FEATURE_X: 'on' },
      port_mapping_updates: [
        { internal_port: 6006, external_port: 0, description: 'TensorBoard (moved)' },
        { internal_port: 9999, external_port: 0, description: 'New service' },
      ],
      update_container_image: 'registry.example.com/acme/cv-baseline:1.5.0',
      restore_from_snapshot: snap.id,
      restart_reason: 'upgrade',
    };
    const r = await t.call('POST', `/v1/clusters/${c.id}/restart`, { body });
    expect(r.status).toBe(200);
    const d = RestartResponse.parse(r.body).data;
    expect(r.body.meta).toMatchObject({ wait_for_ready: false });
    expect(d).toMatchObject({
      status: 'restarting',
      restart_type: 'graceful',
      // A stopped cluster runs nothing to stop or checkpoint (preserve_state or not): the start phases only.
      restart_progress: { phase: 'updating_configuration', total_steps: 3 },
    });
    expect(d.configuration_updates.applied).toEqual([]);
    expect(d.configuration_updates.pending).toEqual(
      expect.arrayContaining([
        `storage_gb: ${c.resources.storage_gb} → ${c.resources.storage_gb + 200}`,
        'environment FEATURE_X added',
        `restore from snapshot ${snap.id} (${snap.name})`,
      ]),
    );
    expect(d.cost_impact.old_hourly_rate).toBe(c.cost.hourly_rate);
    expect(d.cost_impact.new_hourly_rate).toBeGreaterThan(c.cost.hourly_rate);
    expect(d.cost_impact.rate_change_reason).toContain('cpu_cores');

    const rec = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(rec).toMatchObject({
      status: 'restarting',
      resources: { cpu_cores: 32, storage_gb: c.resources.storage_gb + 200 },
      cost: { hourly_rate: d.cost_impact.new_hourly_rate, billing_stopped_at: null, session_cost: 0 },
    });
    // Billing resumes once it is running (as the dialog says), not when the restart was asked.
    expect(Date.parse(rec.cost.billing_started_at)).toBeGreaterThan(Date.parse(d.restart_initiated_at));
    expect(rec.environment.FEATURE_X).toBe('on');
    expect(rec.template_info.container_image).toBe(body.update_container_image);
    const ports = rec.network.port_mappings;
    expect(ports.find((p: { internal_port: number }) => p.internal_port === 6006)).toMatchObject({
      description: 'TensorBoard (moved)',
      external_port: 30000,
    });
    expect(ports.find((p: { internal_port: number }) => p.internal_port === 9999).external_port).toBe(30001);

    const { seen, cluster } = await follow(c.id, 'restarting', 20);
    expect(inOrder(seen, RESTART_ORDER)).toBe(true);
    expect(seen).not.toContain('stopping_processes');
    expect(seen).not.toContain('creating_checkpoint');
    expect(cluster.status).toBe('running');
    expect(cluster.uptime_seconds).toBeGreaterThanOrEqual(0);
    // Billed from the moment its uptime began: the session cost is the rate over the uptime.
    const billedHours = cluster.uptime_seconds / 3600;
    expect(Math.abs(cluster.cost.session_cost - cluster.cost.hourly_rate * billedHours)).toBeLessThanOrEqual(
      0.01 + cluster.cost.hourly_rate / 3600,
    );
    expect(cluster.storage.snapshots.some((s: { name: string }) => s.name.includes('checkpoint'))).toBe(false);
  });

  it('refuses shrinking storage, too many GPUs, unknown snapshots and taken ports, changing nothing', async () => {
    const c = await t.cluster('cv-experiments');
    const post = (body: unknown) => t.call('POST', `/v1/clusters/${c.id}/restart`, { body });
    expect(
      errorOf(
        await post({ update_configuration: { storage_gb: c.resources.storage_gb - 10 }, environment_updates: { SHOULD_NOT: 'apply' } }),
      ),
    ).toEqual({
      status: 400,
      code: 'STORAGE_CANNOT_SHRINK',
      details: { current_storage_gb: c.resources.storage_gb, requested_storage_gb: c.resources.storage_gb - 10 },
    });
    expect(errorOf(await post({ update_configuration: { gpu_count: 12 } }))).toMatchObject({
      status: 409,
      code: 'GPU_UNAVAILABLE',
      details: { requested: 12 },
    });
    expect(errorOf(await post({ restore_from_snapshot: 'snap_unknown' }))).toMatchObject({
      status: 404,
      code: 'SNAPSHOT_NOT_FOUND',
      details: { snapshot_id: 'snap_unknown' },
    });
    const taken = c.network.port_mappings[0].external_port;
    expect(
      errorOf(await post({ port_mapping_updates: [{ internal_port: 1234, external_port: taken, description: 'clash' }] })),
    ).toMatchObject({ status: 409, code: 'PORT_CONFLICT', details: { external_port: taken } });
    const after = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(after.status).toBe('error');
    expect(after.environment.SHOULD_NOT).toBeUndefined();
  });

  it('restarts a failed cluster with force (no graceful phase) and wait_for_ready', async () => {
    const c = await t.cluster('cv-experiments');
    const pending = t.call('POST', `/v1/clusters/${c.id}/restart`, {
      body: { force: true, wait_for_ready: true, update_configuration: { gpu_count: 2 } },
    });
    for (let i = 0; i < 500 && (await t.call('GET', `/v1/clusters/${c.id}`)).body.data.status !== 'restarting'; i++)
      await new Promise((r) => setTimeout(r, 20));
    const during = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(during.lifecycle).toMatchObject({ operation: 'restart', phase: 'updating_configuration', total_steps: 3 });
    await t.advance(900);
    const r = await pending;
    expect(r.body.meta).toMatchObject({ wait_for_ready: true, timed_out: false });
    expect(r.body.data).toMatchObject({ status: 'running', restart_type: 'forced', restart_progress: { phase: 'ready', percentage: 100 } });
    expect(r.body.data.configuration_updates).toEqual({ pending: [], applied: [`gpu_count: ${c.gpu.count} → 2`] });
  });

  it('answers a held restart at timeout_minutes of simulated time with timed_out; a stopped cluster begins with the start phases', async () => {
    const c = await t.cluster('llm-pretraining'); // stopped by an earlier test
    expect(c.status).toBe('stopped');
    const pending = t.call('POST', `/v1/clusters/${c.id}/restart`, {
      body: { wait_for_ready: true, timeout_minutes: 1, grace_period_minutes: 10, preserve_state: true },
    });
    for (let i = 0; i < 500 && (await t.call('GET', `/v1/clusters/${c.id}`)).body.data.status !== 'restarting'; i++)
      await new Promise((r) => setTimeout(r, 20));
    // Graceful, yet nothing runs to stop or checkpoint: the plan is the three start phases, and no checkpoint snapshot is made.
    const during = (await t.call('GET', `/v1/clusters/${c.id}`)).body.data;
    expect(during.lifecycle).toMatchObject({ operation: 'restart', phase: 'updating_configuration', steps_completed: 0, total_steps: 3 });
    expect(during.storage.snapshots).toEqual(c.storage.snapshots);
    await t.advance(60);
    const r = await pending;
    expect(r.body.meta).toMatchObject({ wait_for_ready: true, timed_out: true });
    expect(r.body.data).toMatchObject({ status: 'restarting', restart_type: 'graceful', restart_progress: { total_steps: 3 } });
    expect(r.body.data.restart_progress.phase).toMatch(/^(updating_configuration|starting_services)$/);
  });

  it('lets the seeded stopping and restarting clusters finish', async () => {
    await t.advance(3600);
    expect((await t.cluster('batch-embeddings')).status).toBe('stopped');
    expect((await t.cluster('rlhf-sweep')).status).toBe('running');
  });
});

describe('closing', () => {
  it('answers a held response at once when the emulator closes', async () => {
    const own = await startClusters();
    const c = await own.cluster('inference-api');
    const pending = own.call('POST', `/v1/clusters/${c.id}/stop`, { body: { wait_for_completion: true, timeout_minutes: 60 } });
    for (let i = 0; i < 500 && (await own.call('GET', `/v1/clusters/${c.id}`)).body.data.status !== 'stopping'; i++)
      await new Promise((r) => setTimeout(r, 20));
    await Promise.all([own.close(), pending.then((r) => expect(r.body.meta.timed_out).toBe(true))]);
  });
});
